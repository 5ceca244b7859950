// Fetch unit of rv32_pipe: one outstanding instruction request and a two-entry
// instruction queue (IQ) in front of decode.
//
// The memory answers a request one cycle after it first sees it, so a core that
// waits for the answer before asking again fetches at most every other cycle.
// This unit presents the next address in the very cycle the answer arrives
// (imem_addr/imem_valid depend combinationally on imem_ready), which lets a
// memory that accepts a new request in its answer cycle stream one word per
// cycle; a request that is not yet answered is held unchanged, as the bus
// contract requires. A new request is only issued when the IQ will have room
// for its answer, because an answer cannot be refused.
module rv32_pipe_fetch #(
  parameter [31:0] RESET_PC = 32'h8000_0000
) (
  input  wire        clk,
  input  wire        rst,
  output wire        imem_valid,
  output wire [31:0] imem_addr,
  input  wire        imem_ready,
  input  wire [31:0] imem_rdata,
  input  wire        redirect,     // flush the IQ and continue at redirect_pc
  input  wire [31:0] redirect_pc,
  input  wire        pop,          // decode takes the IQ head this cycle
  input  wire        stop,         // core halted: no new requests
  output wire        iq_valid,
  output wire [31:0] iq_instr,
  output wire [31:0] iq_pc
);
  reg        o_busy;   // a request at o_pc was presented and is not answered yet
  reg        o_drop;   // its answer belongs to a flushed path
  reg [31:0] o_pc;
  reg [31:0] n_pc;     // next address to request
  reg [1:0]  q_count;
  reg [31:0] q_instr0, q_pc0, q_instr1, q_pc1;

  wire resp = o_busy & imem_ready;
  wire push = resp & ~o_drop & ~redirect;
  wire hold = o_busy & ~imem_ready;
  wire [1:0] cnt_after = redirect ? 2'd0 : q_count - {1'b0, pop} + {1'b0, push};
  wire issue = ~hold & ~stop & ~cnt_after[1];
  wire [31:0] next_addr = redirect ? redirect_pc : n_pc;

  assign imem_valid = hold | issue;
  assign imem_addr  = hold ? o_pc : next_addr;
  assign iq_valid   = q_count != 2'd0;
  assign iq_instr   = q_instr0;
  assign iq_pc      = q_pc0;

  always @(posedge clk) begin
    if (rst) begin
      o_busy <= 1'b0;
      o_drop <= 1'b0;
      n_pc   <= RESET_PC;
    end else if (issue) begin
      o_busy <= 1'b1;
      o_drop <= 1'b0;
      o_pc   <= next_addr;
      n_pc   <= next_addr + 32'd4;
    end else begin
      if (resp) begin
        o_busy <= 1'b0;
        o_drop <= 1'b0;
      end
      if (redirect) begin
        n_pc <= redirect_pc;
        if (hold) o_drop <= 1'b1;
      end
    end
  end

  always @(posedge clk) begin
    if (rst || redirect) begin
      q_count <= 2'd0;
    end else begin
      q_count <= cnt_after;
      if (pop && (!push || q_count == 2'd2)) begin
        q_instr0 <= q_instr1;
        q_pc0    <= q_pc1;
      end
      if (push) begin
        if (q_count == {1'b0, pop}) begin
          q_instr0 <= imem_rdata;
          q_pc0    <= o_pc;
        end else begin
          q_instr1 <= imem_rdata;
          q_pc1    <= o_pc;
        end
      end
    end
  end
endmodule
