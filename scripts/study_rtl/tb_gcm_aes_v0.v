// Our testbench for the OpenCores gcm-aes core (gcm_aes_v0, Tariq Bashir Ahmad and Guy Hutchison, 2010), the
// module the 2013 study synthesized. It drives the core's own interface and checks two messages of the GCM
// specification (McGrew and Viega, "The Galois/Counter Mode of Operation", test cases 2 and 3, AES-128):
//   case 3: 64 bytes of plaintext, no AAD: a 64-byte memory line and its tag, the study's unit of work;
//   case 2: one block of zeros under the all-zero key and IV.
// Only whole blocks: on a partial last block (the core's own testbench's message, case 4) the core's
// combinational FSM reads nxt_Out_data_star, which reads the FSM's own nxt_Out_data, and Icarus loops at
// zero delay (logic that synthesizes to no loop).
// Each message starts from reset (the core clears its length counters only on reset) and feeds every block
// in the first cycle the core accepts it (no stalls). Run one message per simulation, +case=3 or +case=2 (the core
// keeps GHASH state between messages: its gfm_cnt stays at 7 when idle, so gfm_result reloads the last message's
// GHASH right after cii_ctl_vld clears it, and a second message's tag is wrong; each case passes when first).
// It prints a line per block, then one for the message:
//   ACCEPT <e>
//   MESSAGE <case> cycles <n> ok <0|1>
// where n counts clock edges from the one that samples cii_ctl_vld (edge 1, the start) to the one that raises
// Tag_vld, inclusive: the cycles the core needs for the message, its key setup (H = E_K(0)) and E_K(Y0)
// included; e is the edge, counted the same way, that samples a block's dii_data_vld.
`timescale 1ns / 1ps

module tb_gcm_aes_v0;
  reg clk = 0;
  reg rst = 0;
  reg [127:0] dii_data = 0;
  reg [3:0] dii_data_size = 0;
  reg dii_data_vld = 0, dii_data_type = 0, dii_last_word = 0;
  reg [127:0] cii_K = 0;
  reg cii_ctl_vld = 0, cii_IV_vld = 0;
  wire dii_data_not_ready;
  wire [127:0] Out_data;
  wire Out_vld, Tag_vld, Out_last_word;
  wire [3:0] Out_data_size;

  gcm_aes_v0 dut(.clk(clk), .rst(rst), .dii_data(dii_data), .dii_data_vld(dii_data_vld),
                 .dii_data_type(dii_data_type), .dii_data_not_ready(dii_data_not_ready),
                 .dii_last_word(dii_last_word), .dii_data_size(dii_data_size), .cii_ctl_vld(cii_ctl_vld),
                 .cii_IV_vld(cii_IV_vld), .cii_K(cii_K), .Out_data(Out_data), .Out_vld(Out_vld),
                 .Out_data_size(Out_data_size), .Out_last_word(Out_last_word), .Tag_vld(Tag_vld));

  always #5 clk = ~clk;

  integer cycle = 0, start = 0, outs = 0, bad = 0, which = 0;
  reg [127:0] want_ct [0:3];
  reg [127:0] want_tag;
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (Out_vld && !Tag_vld) begin
      if (Out_data !== want_ct[outs]) bad = bad + 1;
      outs = outs + 1;
    end
  end

  task reset_core;
    begin
      @(negedge clk) rst = 1;
      repeat (2) @(negedge clk);
      rst = 0;
      @(negedge clk);
    end
  endtask

  // One block offered in the first cycle the core is ready for it; type 1 = AAD, 0 = plaintext.
  task block(input [127:0] data, input [3:0] size, input type_aad, input last);
    begin
      while (dii_data_not_ready) @(negedge clk);
      dii_data = data; dii_data_size = size; dii_data_type = type_aad; dii_last_word = last; dii_data_vld = 1;
      @(negedge clk);
      dii_data_vld = 0;
      $display("ACCEPT %0d", cycle - start + 1);
    end
  endtask


  task begin_message(input [127:0] key, input [127:0] iv_block);
    begin
      outs = 0; bad = 0;
      cii_K = key; cii_ctl_vld = 1;
      @(negedge clk);
      start = cycle;  // counts the edge just passed, which sampled cii_ctl_vld
      cii_ctl_vld = 0; cii_IV_vld = 1; dii_data = iv_block;
      while (dii_data_not_ready) @(negedge clk);
      cii_IV_vld = 0;
    end
  endtask

  task end_message(input integer id, input integer blocks);
    begin
      while (!Tag_vld) @(negedge clk);
      $display("MESSAGE %0d cycles %0d ok %0d", id, cycle - start + 1,
               (Out_data === want_tag) && (bad == 0) && (outs == blocks));
    end
  endtask

  initial begin
    if (!$value$plusargs("case=%d", which)) which = 3;
    if (which == 3) begin
    // Test case 3: K = feffe992..., IV = cafebabefacedbaddecaf888, P = 64 bytes, no AAD.
    want_ct[0] = 128'h42831ec2217774244b7221b784d0d49c;
    want_ct[1] = 128'he3aa212f2c02a4e035c17e2329aca12e;
    want_ct[2] = 128'h21d514b25466931c7d8f6a5aac84aa05;
    want_ct[3] = 128'h1ba30b396a0aac973d58e091473f5985;
    want_tag = 128'h4d5c2af327cd64a62cf35abd2ba6fab4;
    reset_core;
    begin_message(128'hfeffe9928665731c6d6a8f9467308308, 128'hcafebabefacedbaddecaf888_00000001);
    block(128'hd9313225f88406e5a55909c5aff5269a, 4'd15, 0, 0);
    block(128'h86a7a9531534f7da2e4c303d8a318a72, 4'd15, 0, 0);
    block(128'h1c3c0c95956809532fcf0e2449a6b525, 4'd15, 0, 0);
    block(128'hb16aedf5aa0de657ba637b391aafd255, 4'd15, 0, 1);
    end_message(3, 4);
    end else begin
    // Test case 2: K = 0, IV = 0, P = 16 zero bytes.
    want_ct[0] = 128'h0388dace60b6a392f328c2b971b2fe78;
    want_tag = 128'hab6e47d42cec13bdf53a67b21257bddf;
    reset_core;
    begin_message(128'h0, 128'h00000000_00000000_00000000_00000001);
    block(128'h0, 4'd15, 0, 1);
    end_message(2, 1);
    end
    $finish;
  end

  initial begin
    #200000 $display("TIMEOUT"); $finish;
  end
endmodule
