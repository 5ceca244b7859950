// Simulation harness for a core in designs/cores/ (not synthesized): memories, UART and exit device of the
// firmware contract (designs/cores/README.md). Built by src/cryptoppa/sim/core_sim.py, which writes
// core_inst.vh defining CORE_INST as "<top> #(<params>) dut".
//
// Both memories answer a request in the cycle after they first see it: ready is registered, and read data
// is registered with it, so every fetch and load costs at least one wait cycle. Reports go to stdout as
// "CORESIM <event> <cycles> <value>" lines; UART bytes go to the file named by +uart=.
`include "core_inst.vh"

module core_tb (input clk);
  localparam [31:0] RAM_BASE = 32'h8000_0000, UART = 32'h1000_0000, EXIT = 32'h0010_0000;
  localparam RAM_BYTES = 262144, STALL_LIMIT = 1000;

  reg [7:0] ram [0:RAM_BYTES-1];
  reg [1023:0] hex_file, uart_file;
  reg [63:0] max_cycles, cycles;
  integer uart_fd, i, idle;
  reg rst = 1'b1;
  reg [2:0] rst_cnt = 3'd0;

  initial begin
    for (i = 0; i < RAM_BYTES; i = i + 1) ram[i] = 8'h00;
    if (!$value$plusargs("hex=%s", hex_file)) begin $display("CORESIM fault 0 no +hex="); $finish; end
    if (!$value$plusargs("uart=%s", uart_file)) begin $display("CORESIM fault 0 no +uart="); $finish; end
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 64'd50000000;
    $readmemh(hex_file, ram);
    uart_fd = $fopen(uart_file, "w");
    cycles = 64'd0;
    idle = 0;
  end

  wire        imem_valid, dmem_valid, dmem_we;
  wire [31:0] imem_addr, dmem_addr, dmem_wdata;
  wire [3:0]  dmem_wstrb;
  reg         imem_ready = 1'b0, dmem_ready = 1'b0;
  reg  [31:0] imem_rdata = 32'h0, dmem_rdata = 32'h0;

  `CORE_INST (
    .clk(clk), .rst(rst),
    .imem_valid(imem_valid), .imem_addr(imem_addr), .imem_ready(imem_ready), .imem_rdata(imem_rdata),
    .dmem_valid(dmem_valid), .dmem_we(dmem_we), .dmem_wstrb(dmem_wstrb), .dmem_addr(dmem_addr),
    .dmem_wdata(dmem_wdata), .dmem_ready(dmem_ready), .dmem_rdata(dmem_rdata));

  function in_ram(input [31:0] addr);
    in_ram = addr[31:18] == RAM_BASE[31:18];
  endfunction

  function [31:0] ram_word(input [31:0] addr);
    reg [17:0] w;
    begin
      w = {addr[17:2], 2'b00};
      ram_word = {ram[w + 18'd3], ram[w + 18'd2], ram[w + 18'd1], ram[w]};
    end
  endfunction

  // The UART byte is the lowest enabled lane, so word-aligned and byte-addressed stores both work.
  function [7:0] uart_byte(input [3:0] strb, input [31:0] data);
    uart_byte = strb[0] ? data[7:0] : strb[1] ? data[15:8] : strb[2] ? data[23:16] : data[31:24];
  endfunction

  always @(posedge clk) begin
    if (rst) begin
      rst_cnt <= rst_cnt + 3'd1;
      if (rst_cnt == 3'd3) rst <= 1'b0;
    end else begin
      cycles <= cycles + 64'd1;
      if (cycles >= max_cycles) begin
        $display("CORESIM timeout %0d 0", cycles);
        $finish;
      end
      idle = (imem_valid || dmem_valid) ? 0 : idle + 1;
      if (idle >= STALL_LIMIT) begin
        $display("CORESIM stall %0d 0", cycles);
        $finish;
      end

      imem_ready <= imem_valid && !imem_ready;
      if (imem_valid && !imem_ready) begin
        if (!in_ram(imem_addr)) begin
          $display("CORESIM fault %0d %08h", cycles, imem_addr);
          $finish;
        end
        imem_rdata <= ram_word(imem_addr);
      end

      dmem_ready <= dmem_valid && !dmem_ready;
      if (dmem_valid && !dmem_ready) begin
        if (in_ram(dmem_addr)) begin
          dmem_rdata <= ram_word(dmem_addr);
          if (dmem_we)
            for (i = 0; i < 4; i = i + 1)
              if (dmem_wstrb[i]) ram[{dmem_addr[17:2], i[1:0]}] <= dmem_wdata[8*i +: 8];
        end else if (dmem_we && dmem_addr[31:2] == UART[31:2]) begin
          $fwrite(uart_fd, "%c", uart_byte(dmem_wstrb, dmem_wdata));
        end else if (dmem_we && dmem_addr == EXIT && dmem_wstrb == 4'b1111) begin
          $fflush(uart_fd);
          $display("CORESIM exit %0d %08h", cycles, dmem_wdata);
          $finish;
        end else if (!dmem_we && dmem_addr[31:12] == UART[31:12]) begin
          dmem_rdata <= 32'h0000_6000;  // LSR (offset 5): transmitter empty, for firmware that polls
        end else begin
          $display("CORESIM fault %0d %08h", cycles, dmem_addr);
          $finish;
        end
      end
    end
  end
endmodule
