// rv32_pipe: in-order RV32IM (+ optional Zkne/Zknd/Zbkc) core, four stages.
//
//   F  fetch unit (rv32_pipe_fetch.v): one outstanding request, 2-entry queue
//   D  decode, register read with bypass from X and W, static prediction:
//      JAL and backward branches are redirected here (BTFN), others fall through
//   X  ALU, branch check (mispredict -> redirect, D squashed), JALR, CSR reads,
//      multiply (2 cycles) and divide (33 cycles) stall here, Zk unit
//   W  data memory access (loads/stores wait for dmem_ready) and register write
//
// Operands are bypassed into D (from X's result and from W's result or load
// data), so the D->X register already holds final operand values and X does
// not see a bypass mux. A load followed by a user of its result costs one bubble.
// Unknown instructions, ECALL and EBREAK halt the core: they stay in X forever.
module rv32_pipe #(
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
  localparam [6:0] OP_LUI = 7'b0110111, OP_AUIPC = 7'b0010111, OP_JAL = 7'b1101111,
                   OP_JALR = 7'b1100111, OP_BR = 7'b1100011, OP_LOAD = 7'b0000011,
                   OP_STORE = 7'b0100011, OP_IMM = 7'b0010011, OP_REG = 7'b0110011,
                   OP_FENCE = 7'b0001111, OP_SYS = 7'b1110011;
  // result kinds in X
  localparam [2:0] K_ALU = 3'd0, K_LINK = 3'd1, K_CSR = 3'd2, K_MD = 3'd3, K_ZK = 3'd4, K_NONE = 3'd5;

  // ------------------------------------------------------------------ stall / flow
  wire        x_redirect;
  wire [31:0] x_redirect_pc;
  wire        d_redirect;
  wire [31:0] d_redirect_pc;
  wire        w_stall, x_stall, d_hazard, d_adv;

  // ------------------------------------------------------------------ F
  wire        iq_valid;
  wire [31:0] iq_instr, iq_pc;
  wire        halted;

  rv32_pipe_fetch #(.RESET_PC(RESET_PC)) fetch (
    .clk(clk), .rst(rst),
    .imem_valid(imem_valid), .imem_addr(imem_addr), .imem_ready(imem_ready), .imem_rdata(imem_rdata),
    .redirect(x_redirect | d_redirect),
    .redirect_pc(x_redirect ? x_redirect_pc : d_redirect_pc),
    .pop(d_adv), .stop(halted),
    .iq_valid(iq_valid), .iq_instr(iq_instr), .iq_pc(iq_pc)
  );

  // ------------------------------------------------------------------ D: decode
  wire [31:0] in   = iq_instr;
  wire [6:0]  opc  = in[6:0];
  wire [2:0]  f3   = in[14:12];
  wire [6:0]  f7   = in[31:25];
  wire [4:0]  rd   = in[11:7];
  wire [4:0]  rs1  = in[19:15];
  wire [4:0]  rs2  = in[24:20];

  wire [31:0] imm_i = {{20{in[31]}}, in[31:20]};
  wire [31:0] imm_s = {{20{in[31]}}, in[31:25], in[11:7]};
  wire [31:0] imm_b = {{20{in[31]}}, in[7], in[30:25], in[11:8], 1'b0};
  wire [31:0] imm_u = {in[31:12], 12'd0};
  wire [31:0] imm_j = {{12{in[31]}}, in[19:12], in[20], in[30:21], 1'b0};

  wire is_lui = opc == OP_LUI, is_auipc = opc == OP_AUIPC, is_jal = opc == OP_JAL;
  wire is_jalr = opc == OP_JALR && f3 == 3'b000;
  wire is_br = opc == OP_BR && f3 != 3'b010 && f3 != 3'b011;
  wire is_load = opc == OP_LOAD && (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010 || f3 == 3'b100 || f3 == 3'b101);
  wire is_store = opc == OP_STORE && (f3 == 3'b000 || f3 == 3'b001 || f3 == 3'b010);
  wire shift_ok = f3 == 3'b001 ? f7 == 7'd0 : f3 == 3'b101 ? (f7 == 7'd0 || f7 == 7'b0100000) : 1'b1;
  wire is_imm = opc == OP_IMM && shift_ok;
  wire is_alu_reg = opc == OP_REG && (f7 == 7'd0 || (f7 == 7'b0100000 && (f3 == 3'b000 || f3 == 3'b101)));
  wire is_md = opc == OP_REG && f7 == 7'b0000001;
  // aes32{es,esm,ds,dsm}i: funct7 = {bs, 1, 0, op[1:0], 1}
  wire is_aes = (ZK != 0) && opc == OP_REG && f3 == 3'b000 && f7[4:3] == 2'b10 && f7[0];
  wire is_clmul = (ZK != 0) && opc == OP_REG && f7 == 7'b0000101 && (f3 == 3'b001 || f3 == 3'b011);
  wire is_fence = opc == OP_FENCE;
  wire is_csr = opc == OP_SYS && f3 != 3'b000 && f3 != 3'b100;
  wire legal = is_lui | is_auipc | is_jal | is_jalr | is_br | is_load | is_store | is_imm | is_alu_reg
             | is_md | is_aes | is_clmul | is_fence | is_csr;

  wire uses_rs1 = is_jalr | is_br | is_load | is_store | is_imm | is_alu_reg | is_md | is_aes | is_clmul;
  wire uses_rs2 = is_br | is_store | is_alu_reg | is_md | is_aes | is_clmul;
  wire writes   = (is_lui | is_auipc | is_jal | is_jalr | is_load | is_imm | is_alu_reg | is_md | is_aes
                | is_clmul | is_csr) && rd != 5'd0;

  // {sub/sra, funct3}; everything that is not an ALU op adds
  wire [3:0] aluop = is_alu_reg ? {f7[5], f3} : is_imm ? {f3 == 3'b101 && f7[5], f3} : 4'b0000;
  wire [2:0] kind  = (is_jal | is_jalr) ? K_LINK : is_csr ? K_CSR : is_md ? K_MD
                   : (is_aes | is_clmul) ? K_ZK : (is_br | is_store | is_fence | !legal) ? K_NONE : K_ALU;
  wire [2:0] zkop  = is_clmul ? {2'b10, f3[1]} : {1'b0, f7[2:1]};

  // ------------------------------------------------------------------ D: register read + bypass
  reg  [31:0] rf [0:31];
  wire [31:0] x_result;
  wire        x_fwd_ok;                 // X's result is final (not a load)
  reg         x_valid, x_wr;
  reg  [4:0]  x_rd;
  reg         w_valid, w_wr, w_load;
  reg  [4:0]  w_rd;
  wire [31:0] w_value;

  function [31:0] bypass(input [4:0] r, input [31:0] rf_val);
    if (r == 5'd0) bypass = 32'd0;
    else if (x_valid && x_wr && x_rd == r) bypass = x_result;
    else if (w_valid && w_wr && w_rd == r) bypass = w_value;
    else bypass = rf_val;
  endfunction

  wire [31:0] rs1v = bypass(rs1, rf[rs1]);
  wire [31:0] rs2v = bypass(rs2, rf[rs2]);

  assign d_hazard = x_valid && x_wr && !x_fwd_ok
                  && ((uses_rs1 && rs1 == x_rd) || (uses_rs2 && rs2 == x_rd));
  assign d_adv = iq_valid && !x_stall && !d_hazard && !x_redirect;

  wire        d_pred = is_br & in[31];   // backward branch: predict taken
  assign d_redirect    = d_adv & (is_jal | d_pred);
  assign d_redirect_pc = iq_pc + (is_jal ? imm_j : imm_b);

  // ------------------------------------------------------------------ D -> X register
  reg  [31:0] x_pc, x_a, x_b, x_s1, x_s2, x_tgt;
  reg  [3:0]  x_aluop;
  reg  [2:0]  x_kind, x_f3, x_zkop;
  reg  [1:0]  x_bs;
  reg  [11:0] x_csr;
  reg         x_br, x_jalr, x_pred, x_load, x_store, x_halt;

  always @(posedge clk) begin
    if (rst) begin
      x_valid <= 1'b0;
    end else if (!x_stall) begin
      x_valid <= d_adv;
      x_wr    <= d_adv & writes;
      x_pc    <= iq_pc;
      x_a     <= is_auipc ? iq_pc : is_lui ? 32'd0 : rs1v;
      x_b     <= (is_alu_reg | is_md | is_aes | is_clmul) ? rs2v
               : is_store ? imm_s : (is_lui | is_auipc) ? imm_u : imm_i;
      x_s1    <= rs1v;
      x_s2    <= rs2v;
      x_tgt   <= d_redirect_pc;
      x_rd    <= rd;
      x_aluop <= aluop;
      x_kind  <= kind;
      x_f3    <= f3;
      x_zkop  <= zkop;
      x_bs    <= f7[6:5];
      x_csr   <= in[31:20];
      x_br    <= is_br;
      x_jalr  <= is_jalr;
      x_pred  <= d_pred;
      x_load  <= is_load;
      x_store <= is_store;
      x_halt  <= !legal || (opc == OP_SYS && f3 == 3'b000);
    end
  end

  // ------------------------------------------------------------------ X
  // jalr computes rs1+imm in the ALU (the target); its link value is pc+4
  wire [31:0] sum  = x_a + ((x_aluop == 4'b1000) ? ~x_b + 32'd1 : x_b);
  wire [4:0]  sh   = x_b[4:0];
  wire [31:0] sra  = $signed(x_a) >>> sh;   // own wire: inside a ?: with unsigned operands it would be logical
  reg  [31:0] alu;
  always @* begin
    case (x_aluop[2:0])
      3'b000: alu = sum;
      3'b001: alu = x_a << sh;
      3'b010: alu = {31'd0, $signed(x_a) < $signed(x_b)};
      3'b011: alu = {31'd0, x_a < x_b};
      3'b100: alu = x_a ^ x_b;
      3'b101: alu = x_aluop[3] ? sra : x_a >> sh;
      3'b110: alu = x_a | x_b;
      default: alu = x_a & x_b;
    endcase
  end

  reg br_taken;
  always @* begin
    case (x_f3)
      3'b000: br_taken = x_s1 == x_s2;
      3'b001: br_taken = x_s1 != x_s2;
      3'b100: br_taken = $signed(x_s1) < $signed(x_s2);
      3'b101: br_taken = $signed(x_s1) >= $signed(x_s2);
      3'b110: br_taken = x_s1 < x_s2;
      default: br_taken = x_s1 >= x_s2;
    endcase
  end

  wire [31:0] x_pc4 = x_pc + 32'd4;
  assign x_redirect = x_valid && !x_stall && (x_jalr || (x_br && br_taken != x_pred));
  assign x_redirect_pc = x_jalr ? {sum[31:1], 1'b0} : br_taken ? x_tgt : x_pc4;

  // Zicntr: counts as seen by an instruction in X; the instruction in W (if any)
  // retires in the same cycle X advances, so it is already counted
  reg  [63:0] cycle_ctr, instret_ctr;
  wire [63:0] instret_now = instret_ctr + {63'd0, w_valid};
  reg  [31:0] csr_val;
  always @* begin
    case (x_csr)
      12'hC00, 12'hC01: csr_val = cycle_ctr[31:0];
      12'hC80, 12'hC81: csr_val = cycle_ctr[63:32];
      12'hC02: csr_val = instret_now[31:0];
      12'hC82: csr_val = instret_now[63:32];
      default: csr_val = 32'd0;
    endcase
  end

  wire        md_done;
  wire [31:0] md_res;
  rv32_pipe_muldiv muldiv (
    .clk(clk), .rst(rst), .req(x_valid && x_kind == K_MD), .ack(!x_stall),
    .f3(x_f3), .a(x_s1), .b(x_s2), .done(md_done), .res(md_res)
  );

  wire [31:0] zk_res;
  generate
    if (ZK != 0) begin : g_zk
      rv_zk_alu zk (.op(x_zkop), .bs(x_bs), .rs1(x_s1), .rs2(x_s2), .rd(zk_res));
    end else begin : g_nozk
      assign zk_res = 32'd0;
    end
  endgenerate

  assign x_result = x_kind == K_LINK ? x_pc4 : x_kind == K_CSR ? csr_val
                  : x_kind == K_MD ? md_res : x_kind == K_ZK ? zk_res : alu;
  assign x_fwd_ok = !x_load;
  assign x_stall  = w_stall || (x_valid && ((x_kind == K_MD && !md_done) || x_halt));
  assign halted   = x_valid && x_halt;

  // ------------------------------------------------------------------ X -> W register
  reg  [31:0] w_res, w_addr, w_wdata;
  reg  [3:0]  w_strb;
  reg  [2:0]  w_f3;
  reg         w_store;
  wire [1:0]  x_off = sum[1:0];

  always @(posedge clk) begin
    if (rst) begin
      w_valid <= 1'b0;
    end else if (!w_stall) begin
      w_valid <= x_valid && !x_stall;
      w_wr    <= x_wr && x_valid && !x_stall;
      w_rd    <= x_rd;
      w_res   <= x_result;
      w_load  <= x_load;
      w_store <= x_store;
      w_f3    <= x_f3;
      w_addr  <= sum;
      w_wdata <= x_f3[1:0] == 2'b00 ? {4{x_s2[7:0]}} : x_f3[1:0] == 2'b01 ? {2{x_s2[15:0]}} : x_s2;
      w_strb  <= x_f3[1:0] == 2'b00 ? (4'b0001 << x_off)
               : x_f3[1:0] == 2'b01 ? (x_off[1] ? 4'b1100 : 4'b0011) : 4'b1111;
    end
  end

  // ------------------------------------------------------------------ W
  wire w_mem = w_valid && (w_load || w_store);
  assign w_stall    = w_mem && !dmem_ready;
  assign dmem_valid = w_mem;
  assign dmem_we    = w_store;
  assign dmem_wstrb = w_store ? w_strb : 4'b0000;
  assign dmem_addr  = w_addr;
  assign dmem_wdata = w_wdata;

  wire [31:0] ld_word = dmem_rdata >> {w_addr[1:0], 3'b000};
  wire [31:0] ld_val  = w_f3 == 3'b000 ? {{24{ld_word[7]}}, ld_word[7:0]}
                      : w_f3 == 3'b001 ? {{16{ld_word[15]}}, ld_word[15:0]}
                      : w_f3 == 3'b100 ? {24'd0, ld_word[7:0]}
                      : w_f3 == 3'b101 ? {16'd0, ld_word[15:0]} : ld_word;
  assign w_value = w_load ? ld_val : w_res;

  always @(posedge clk) begin
    if (w_valid && w_wr && !w_stall) rf[w_rd] <= w_value;
  end

  always @(posedge clk) begin
    if (rst) begin
      cycle_ctr   <= 64'd0;
      instret_ctr <= 64'd0;
    end else begin
      cycle_ctr <= cycle_ctr + 64'd1;
      if (w_valid && !w_stall) instret_ctr <= instret_ctr + 64'd1;
    end
  end
endmodule
