// rv32_mc: area-lean multi-cycle RV32I core (+ Zicntr counters, read-only Zicsr access to them;
// with ZK=1 also Zkne/Zknd aes32* and Zbkc clmul/clmulh through designs/cores/common/rv_zk_alu.v).
//
// One 32-bit adder/logic/shift ALU serves arithmetic, compares, load/store addresses and jump/branch
// targets; only PC+4 has its own incrementer. No pipeline: each instruction is fetched (FETCH, holding
// imem_valid until imem_ready), then executed (EXEC, which also holds the data request of a load/store
// until dmem_ready), and a taken branch spends one more cycle (BRANCH) computing its target on the ALU.
// Register operands are read while the fetched word arrives, so EXEC starts with them latched.
// ecall, ebreak, other SYSTEM instructions, unknown opcodes/functions, CSRs other than the counters,
// CSR writes and misaligned loads/stores stop the core (HALT: no further requests).
// Ports and bus timing: designs/cores/README.md.

module rv32_mc #(
  parameter [31:0] RESET_PC = 32'h8000_0000,
  parameter ZK = 0
) (
  input  wire        clk,
  input  wire        rst,
  output wire        imem_valid,
  output wire [31:0] imem_addr,
  input  wire        imem_ready,
  input  wire [31:0] imem_rdata,
  output wire        dmem_valid,
  output wire        dmem_we,
  output wire [3:0]  dmem_wstrb,
  output wire [31:0] dmem_addr,
  output wire [31:0] dmem_wdata,
  input  wire        dmem_ready,
  input  wire [31:0] dmem_rdata
);
  localparam S_FETCH = 2'd0, S_EXEC = 2'd1, S_BRANCH = 2'd2, S_HALT = 2'd3;
  localparam OP_LUI = 7'b0110111, OP_AUIPC = 7'b0010111, OP_JAL = 7'b1101111, OP_JALR = 7'b1100111,
             OP_BRANCH = 7'b1100011, OP_LOAD = 7'b0000011, OP_STORE = 7'b0100011, OP_IMM = 7'b0010011,
             OP_REG = 7'b0110011, OP_FENCE = 7'b0001111, OP_SYSTEM = 7'b1110011;

  reg  [1:0]  state;
  reg  [31:0] pc, ir, a, b;
  reg  [31:0] rf [1:31];
  reg  [63:0] cycle, instret;

  // ---- decode ------------------------------------------------------------------------------------------
  wire [6:0] opcode = ir[6:0];
  wire [4:0] rd     = ir[11:7];
  wire [2:0] f3     = ir[14:12];
  wire [6:0] f7     = ir[31:25];
  wire [31:0] imm_i = {{21{ir[31]}}, ir[30:20]};
  wire [31:0] imm_s = {{21{ir[31]}}, ir[30:25], ir[11:7]};
  wire [31:0] imm_b = {{20{ir[31]}}, ir[7], ir[30:25], ir[11:8], 1'b0};
  wire [31:0] imm_u = {ir[31:12], 12'h000};
  wire [31:0] imm_j = {{12{ir[31]}}, ir[19:12], ir[20], ir[30:21], 1'b0};

  wire is_lui = opcode == OP_LUI, is_auipc = opcode == OP_AUIPC, is_jal = opcode == OP_JAL;
  wire is_jalr = opcode == OP_JALR, is_branch = opcode == OP_BRANCH, is_load = opcode == OP_LOAD;
  wire is_store = opcode == OP_STORE, is_imm = opcode == OP_IMM, is_reg = opcode == OP_REG;
  wire is_fence = opcode == OP_FENCE, is_system = opcode == OP_SYSTEM;

  // OP funct7: 0000000 base, 0100000 sub/sra; ZK: bs,10001/10011/10101/10111 (aes32*), 0000101 (clmul*)
  wire reg_base = f7 == 7'b0000000 || (f7 == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101));
  wire is_aes   = ZK != 0 && is_reg && f7[4:0] == {2'b10, f7[2:1], 1'b1} && f3 == 3'b000;
  wire is_clmul = ZK != 0 && is_reg && f7 == 7'b0000101 && (f3 == 3'b001 || f3 == 3'b011);
  wire is_zk    = is_aes || is_clmul;

  // Counter CSRs only (0xC00 cycle, 0xC02 instret, 0xC80/0xC82 high halves), read without write:
  // csrrs/csrrc with rs1 = x0 or csrrsi/csrrci with zero immediate.
  wire is_csr = is_system && f3[1] && ir[19:15] == 5'd0 && {ir[31:28], ir[26:22], ir[20]} == 10'b1100_00000_0;
  wire [63:0] counter = ir[21] ? instret : cycle;
  wire [31:0] csr_val = ir[27] ? counter[63:32] : counter[31:0];

  wire legal = is_lui || is_auipc || is_jal || is_jalr || is_branch || is_load || is_store || is_imm ||
               is_fence || is_csr || (is_reg && (reg_base || is_zk));

  // ---- ALU: one adder (add/sub/compare), logic, one right shifter used for both directions ----------------
  wire        use_pc = is_auipc || is_jal || state == S_BRANCH;
  wire [31:0] opa = is_lui ? 32'h0 : use_pc ? pc : a;
  wire [31:0] imm = is_store ? imm_s : is_branch ? imm_b : (is_lui || is_auipc) ? imm_u : is_jal ? imm_j : imm_i;
  wire        use_b = (is_reg || is_branch) && state == S_EXEC;
  wire [31:0] opb = use_b ? b : imm;
  wire        arith = is_reg || is_imm;       // f3/f7 select the function; otherwise add
  wire        sub = (arith && (f3 == 3'b010 || f3 == 3'b011 || (is_reg && f3 == 3'b000 && f7[5]))) || (use_b && is_branch);
  wire [32:0] sum = {1'b0, opa} + {1'b0, opb ^ {32{sub}}} + {32'h0, sub};
  wire        ltu = ~sum[32];                 // borrow of opa - opb
  wire        lt  = (opa[31] != opb[31]) ? opa[31] : sum[31];

  function [31:0] rev;
    input [31:0] x;
    integer k;
    for (k = 0; k < 32; k = k + 1) rev[k] = x[31 - k];
  endfunction
  wire        shl = f3 == 3'b001;
  wire [31:0] sh_in = shl ? rev(opa) : opa;
  wire [32:0] sh_ext = {f7[5] & ~shl & opa[31], sh_in};
  wire [32:0] sh_out = $signed(sh_ext) >>> opb[4:0];
  wire [31:0] shifted = shl ? rev(sh_out[31:0]) : sh_out[31:0];

  reg [31:0] alu;
  always @* begin
    alu = sum[31:0];
    if (arith)
      case (f3)
        3'b001, 3'b101: alu = shifted;
        3'b010:         alu = {31'h0, lt};
        3'b011:         alu = {31'h0, ltu};
        3'b100:         alu = opa ^ opb;
        3'b110:         alu = opa | opb;
        3'b111:         alu = opa & opb;
        default:        alu = sum[31:0];
      endcase
  end

  wire eq = sum[31:0] == 32'h0;
  wire taken = (f3[2] ? (f3[1] ? ltu : lt) : eq) ^ f3[0];

  // ---- optional crypto unit ------------------------------------------------------------------------------------
  wire [31:0] zk_rd;
  generate
    if (ZK != 0) begin : g_zk
      rv_zk_alu u_zk (.op(is_clmul ? {2'b10, f3[1]} : {1'b0, f7[2:1]}), .bs(f7[6:5]), .rs1(a), .rs2(b), .rd(zk_rd));
    end else begin : g_nozk
      assign zk_rd = 32'h0;
    end
  endgenerate

  // ---- data memory --------------------------------------------------------------------------------------------
  wire [1:0] lane = sum[1:0];
  wire misaligned = (f3[1:0] == 2'b01 && lane[0]) || (f3[1:0] == 2'b10 && lane != 2'b00);
  wire is_mem = is_load || is_store;
  assign dmem_valid = state == S_EXEC && is_mem && !misaligned;
  assign dmem_we    = is_store;
  assign dmem_addr  = sum[31:0];
  assign dmem_wdata = f3[1] ? b : f3[0] ? {2{b[15:0]}} : {4{b[7:0]}};
  assign dmem_wstrb = f3[1] ? 4'b1111 : f3[0] ? {lane[1], lane[1], ~lane[1], ~lane[1]}
                    : (4'b0001 << lane);
  wire [31:0] ld_sh = dmem_rdata >> {lane, 3'b000};
  wire [31:0] ld_val = f3[1] ? dmem_rdata
                     : f3[0] ? {{16{ld_sh[15] & ~f3[2]}}, ld_sh[15:0]}
                             : {{24{ld_sh[7] & ~f3[2]}}, ld_sh[7:0]};

  assign imem_valid = state == S_FETCH;
  assign imem_addr  = pc;

  // ---- sequencing -----------------------------------------------------------------------------------------------
  wire [31:0] pc4 = pc + 32'd4;
  wire        exec_done = !is_mem || dmem_ready;
  wire        retire = (state == S_EXEC && legal && !(is_mem && misaligned) && exec_done && !(is_branch && taken))
                       || state == S_BRANCH;
  wire [31:0] wb = (is_jal || is_jalr) ? pc4 : is_load ? ld_val : is_csr ? csr_val : is_zk ? zk_rd : alu;
  wire        wb_en = state == S_EXEC && exec_done && legal && rd != 5'd0 && !is_branch && !is_store && !is_fence;

  always @(posedge clk) begin
    if (rst) begin
      state   <= S_FETCH;
      pc      <= RESET_PC;
      cycle   <= 64'h0;
      instret <= 64'h0;
    end else begin
      cycle <= cycle + 64'd1;
      if (retire) instret <= instret + 64'd1;
      case (state)
        S_FETCH:
          if (imem_ready) begin
            ir    <= imem_rdata;
            a     <= imem_rdata[19:15] == 5'd0 ? 32'h0 : rf[imem_rdata[19:15]];
            b     <= imem_rdata[24:20] == 5'd0 ? 32'h0 : rf[imem_rdata[24:20]];
            state <= S_EXEC;
          end
        S_EXEC:
          if (!legal || (is_mem && misaligned)) begin
            state <= S_HALT;
          end else if (is_branch && taken) begin
            state <= S_BRANCH;
          end else if (exec_done) begin
            pc    <= (is_jal || is_jalr) ? {alu[31:1], 1'b0} : pc4;
            state <= S_FETCH;
          end
        S_BRANCH: begin
          pc    <= alu;
          state <= S_FETCH;
        end
        default: ;
      endcase
    end
  end

  always @(posedge clk)
    if (wb_en) rf[rd] <= wb;
endmodule
