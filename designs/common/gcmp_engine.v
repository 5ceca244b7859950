// The pipelined AES-GCM engine gcmp_engine and its parts, shared by designs/gcm_pipe (SPR = 1) and
// designs/gcm_subpipe (SPR > 1); each design's top only fixes its parameters (engine interface, designs/README.md).
//
// Architecture:
//  * A line is split into NB+1 slots issued on consecutive cycles: slot 0 encrypts J0 (the tag
//    mask) and carries the AAD block to GHASH, slot k (1..NB) encrypts inc32^k(J0) and carries data
//    block k. The next line is accepted on the cycle the previous line's last slot issues, so the
//    engine takes one line every NB+1 cycles at saturation.
//  * AES is fully unrolled, one round per SPR register stages; all round keys are stored at key load.
//  * GHASH never feeds a product back into the multiplier: slot s multiplies its block by the
//    precomputed power H^(NB+2-s) and the products are XOR-accumulated, so
//    X = A*H^(NB+2) + C1*H^(NB+1) + ... + C_NB*H^2 + L*H, where L*H (the length block is fixed by
//    LINE_BYTES) is also precomputed. The multiplier is therefore freely pipelinable and one
//    128x128 multiplier keeps up with the AES pipeline.
//  * The datapath never stalls (no enable fans out to thousands of flops, and the composite-field
//    S-box pipeline registers have no enable). Back-pressure is absorbed by an output FIFO with
//    exactly as many entries as lines that can be in flight; in_ready drops when it could overflow.
//  * Key load: round keys one per (sbox stages + 1) cycles, then H = E(K, 0) through the pipeline,
//    then H^2..H^(NB+2) and L*H on the GHASH multiplier. key_ready is high only with nothing in flight.

// Delay line; D = 0 is a wire. RST clears it (used for valid bits only).
module gcmp_dly #(parameter W = 1, parameter D = 1, parameter RST = 0) (
    input clk, input rst, input [W-1:0] d, output [W-1:0] q
);
    generate
        if (D == 0) begin : g_wire
            assign q = d;
        end else begin : g_regs
            reg [W*D-1:0] sr;
            wire [W*D-1:0] nxt;
            if (D == 1) begin : g_one
                assign nxt = d;
            end else begin : g_many
                assign nxt = {sr[W*(D-1)-1:0], d};
            end
            always @(posedge clk) sr <= (RST != 0 && rst) ? {W*D{1'b0}} : nxt;
            assign q = sr[W*D-1 -: W];
        end
    endgenerate
endmodule

// One S-box lane; the table S-box is combinational, the composite-field one takes ST stages.
module gcmp_sbox #(parameter SBOX = 0, parameter ST = 0) (input clk, input [7:0] in, output [7:0] out);
    generate
        if (SBOX == 0) begin : g_lut
            aes_sbox_lut u (.in(in), .out(out));
        end else begin : g_cf
            aes_sbox_cf #(.STAGES(ST)) u (.clk(clk), .in(in), .out(out));
        end
    endgenerate
endmodule

// One AES encryption round in SPR register stages (the last one at the output). With the
// composite-field S-box the extra stages go inside the S-box (balanced cut points, see aes_sbox_cf.v)
// and, from 4 stages on, one sits after SubBytes: 2 -> 1 cut inside, 3 -> 2, 4 -> 2 + 1 after,
// 5 -> 3 + 1, 6 -> 4 + 1 (the six stages of seed study 002 §III).
module gcmp_round #(parameter SBOX = 0, parameter SPR = 1, parameter FINAL = 0) (
    input clk, input rst, input [127:0] s, input [127:0] rk, output reg [127:0] q
);
    localparam SB_ST = (SBOX == 0) ? 0 : ((SPR <= 3) ? SPR - 1 : SPR - 2);
    localparam POST = SPR - 1 - SB_ST;
    function [7:0] xt;
        input [7:0] b;
        xt = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
    endfunction
    function [31:0] mixc;  // 2a0+3a1+a2+a3, rotated per row
        input [31:0] c;
        reg [7:0] a0, a1, a2, a3;
        begin
            {a0, a1, a2, a3} = c;
            mixc = {xt(a0 ^ a1) ^ a1 ^ a2 ^ a3, xt(a1 ^ a2) ^ a2 ^ a3 ^ a0,
                    xt(a2 ^ a3) ^ a3 ^ a0 ^ a1, xt(a3 ^ a0) ^ a0 ^ a1 ^ a2};
        end
    endfunction
    wire [127:0] sb, sbd, sr, mc;
    genvar i;
    generate
        for (i = 0; i < 16; i = i + 1) begin : g_lane
            gcmp_sbox #(.SBOX(SBOX), .ST(SB_ST)) u_sb (.clk(clk), .in(s[127-8*i -: 8]), .out(sb[127-8*i -: 8]));
            // byte i is row i%4, column i/4; row r rotates left by r columns
            assign sr[127-8*i -: 8] = sbd[127-8*((i%4) + 4*(((i/4) + (i%4)) % 4)) -: 8];
        end
        for (i = 0; i < 4; i = i + 1) begin : g_col
            assign mc[127-32*i -: 32] = (FINAL != 0) ? sr[127-32*i -: 32] : mixc(sr[127-32*i -: 32]);
        end
    endgenerate
    gcmp_dly #(.W(128), .D(POST)) u_post (.clk(clk), .rst(rst), .d(sb), .q(sbd));
    always @(posedge clk) q <= mc ^ rk;
endmodule

// GF(2^128) product in GCM's bit order (bus bit 127 = coefficient of x^0), ST = 1 or 2 stages.
// Stage split: four 32-bit slices of b give partial carry-less products; the sum and the
// reduction mod x^128 + x^7 + x^2 + x + 1 follow in the last stage.
module gcmp_gmul #(parameter ST = 1) (input clk, input [127:0] a, input [127:0] b, output reg [127:0] p);
    function [127:0] rev;
        input [127:0] v;
        integer k;
        for (k = 0; k < 128; k = k + 1) rev[k] = v[127-k];
    endfunction
    function [158:0] pp32;  // ar * (32-bit slice of br), coefficient order
        input [127:0] ar;
        input [31:0] bs;
        integer k;
        begin
            pp32 = 159'b0;
            for (k = 0; k < 32; k = k + 1) pp32 = pp32 ^ ({159{bs[k]}} & ({31'b0, ar} << k));
        end
    endfunction
    function [127:0] reduce;
        input [254:0] c;
        reg [133:0] t;
        reg [5:0] th;
        begin
            t = {7'b0, c[254:128]} ^ ({7'b0, c[254:128]} << 1) ^ ({7'b0, c[254:128]} << 2) ^
                ({7'b0, c[254:128]} << 7);
            th = t[133:128];
            reduce = c[127:0] ^ t[127:0] ^ {122'b0, th} ^ {121'b0, th, 1'b0} ^ {120'b0, th, 2'b0} ^
                     {115'b0, th, 7'b0};
        end
    endfunction
    wire [127:0] ar = rev(a), br = rev(b);
    wire [158:0] q0 = pp32(ar, br[31:0]), q1 = pp32(ar, br[63:32]);
    wire [158:0] q2 = pp32(ar, br[95:64]), q3 = pp32(ar, br[127:96]);
    wire [158:0] r0, r1, r2, r3;
    generate
        if (ST >= 2) begin : g_two
            reg [4*159-1:0] r;
            always @(posedge clk) r <= {q3, q2, q1, q0};
            assign {r3, r2, r1, r0} = r;
        end else begin : g_one
            assign {r3, r2, r1, r0} = {q3, q2, q1, q0};
        end
    endgenerate
    wire [254:0] full = {96'b0, r0} ^ {64'b0, r1, 32'b0} ^ {32'b0, r2, 64'b0} ^ {r3, 96'b0};
    always @(posedge clk) p <= rev(reduce(full));
endmodule

// The engine shared by gcm_pipe (SPR = 1) and gcm_subpipe (SPR > 1, SBOX = 1).
module gcmp_engine #(
    parameter KEY_BITS = 128, parameter LINE_BYTES = 64, parameter ID_BITS = 8,
    parameter SBOX = 0, parameter SPR = 1
) (
    input clk, input rst,
    input key_valid, output key_ready, input [KEY_BITS-1:0] key,
    input in_valid, output in_ready, input in_decrypt, input [95:0] in_iv, input [127:0] in_aad,
    input [8*LINE_BYTES-1:0] in_data, input [127:0] in_tag, input [ID_BITS-1:0] in_id,
    output out_valid, input out_ready, output [8*LINE_BYTES-1:0] out_data, output [127:0] out_tag,
    output out_auth_fail, output [ID_BITS-1:0] out_id
);
    localparam LW = 8 * LINE_BYTES;
    localparam NB = LINE_BYTES / 16;            // data blocks per line
    localparam NR = (KEY_BITS == 256) ? 14 : 10;
    localparam KX_ST = (SBOX == 0) ? 0 : ((SPR <= 3) ? SPR - 1 : SPR - 2);  // key-step S-box stages
    localparam MUL_ST = (SPR >= 3) ? 2 : 1;
    localparam LAT_AES = NR * SPR;              // issue register -> AES output
    // accept cycle -> out_valid cycle, for the line's last slot; one line every NB+1 cycles
    localparam LAT_LINE = NB + LAT_AES + MUL_ST + 4;
    localparam CAP = LAT_LINE / (NB + 1) + 1;   // lines accepted and not yet popped
    localparam QW = (CAP < 2) ? 1 : $clog2(CAP);
    localparam CW = $clog2(CAP + 1);
    localparam [127:0] LBLK = {64'd128, 64'd0 + LW};  // len(A) || len(C) in bits
    localparam K_NONE = 3'd0, K_EXP = 3'd1, K_H = 3'd2, K_HW = 3'd3, K_POW = 3'd4, K_READY = 3'd5;

    // ---------------- key schedule, one round key per KX_ST+1 cycles ----------------
    reg [2:0] kst;
    reg [KEY_BITS-1:0] kw;                      // sliding window of key words
    reg [(NR+1)*128-1:0] rk;
    reg [3:0] kc;                               // round key being stored
    reg [2:0] kwait;
    reg [7:0] rcon;
    reg busy;
    reg [CW-1:0] n_sys, n_res;
    wire [31:0] klast = kw[31:0];
    wire krot = (KEY_BITS == 128) || !kc[0];    // AES-256: RotWord+Rcon on even steps only
    wire [31:0] ksub_in = krot ? {klast[23:0], klast[31:24]} : klast;
    wire [31:0] ksub;
    genvar g;
    generate
        for (g = 0; g < 4; g = g + 1) begin : g_ksb
            gcmp_sbox #(.SBOX(SBOX), .ST(KX_ST)) u (.clk(clk), .in(ksub_in[31-8*g -: 8]), .out(ksub[31-8*g -: 8]));
        end
    endgenerate
    wire [31:0] kt = ksub ^ (krot ? {rcon, 24'h0} : 32'h0);
    wire [31:0] n0 = kw[KEY_BITS-1 -: 32] ^ kt, n1 = kw[KEY_BITS-33 -: 32] ^ n0;
    wire [31:0] n2 = kw[KEY_BITS-65 -: 32] ^ n1, n3 = kw[KEY_BITS-97 -: 32] ^ n2;
    wire [KEY_BITS-1:0] kw_next;
    generate
        if (KEY_BITS == 256) begin : g_k256
            assign kw_next = {kw[127:0], n0, n1, n2, n3};
        end else begin : g_k128
            assign kw_next = {n0, n1, n2, n3};
        end
    endgenerate
    assign key_ready = (kst == K_NONE || kst == K_READY) && !busy && n_sys == 0;

    // ---------------- issue: NB+1 slots per line ----------------
    reg [(NB+1)*128-1:0] i_blk;                 // AAD then data blocks, consumed from the top
    reg [95:0] i_iv;
    reg i_dec;
    reg [3:0] sidx;
    wire last_slot = (sidx == NB);
    assign in_ready = (kst == K_READY) && (!busy || last_slot) && (n_sys < CAP);
    wire acc_in = in_valid && in_ready;
    wire h_issue = (kst == K_H);
    // issue register: state after the initial AddRoundKey plus side band
    reg [127:0] s0, d0;
    reg v0, h0, f0, l0, dec0;
    reg [3:0] x0;
    always @(posedge clk) begin
        if (acc_in) begin
            i_blk <= {in_aad, in_data};
            i_iv <= in_iv;
            i_dec <= in_decrypt;
        end else if (busy) begin
            i_blk <= i_blk << 128;
        end
        s0 <= (h_issue ? 128'b0 : {i_iv, 28'd0, sidx + 4'd1}) ^ rk[(NR+1)*128-1 -: 128];
        d0 <= i_blk[(NB+1)*128-1 -: 128];
        {f0, l0, dec0, x0} <= {sidx == 0, last_slot, i_dec, sidx};
        if (rst) begin
            busy <= 1'b0; sidx <= 4'd0; v0 <= 1'b0; h0 <= 1'b0;
        end else begin
            v0 <= busy;
            h0 <= h_issue;
            if (busy) sidx <= last_slot ? 4'd0 : sidx + 4'd1;
            if (busy && last_slot && !acc_in) busy <= 1'b0;
            else if (acc_in) busy <= 1'b1;
        end
    end

    // ---------------- unrolled AES ----------------
    wire [128*(NR+1)-1:0] st;
    assign st[127:0] = s0;
    generate
        for (g = 1; g <= NR; g = g + 1) begin : g_rnd
            gcmp_round #(.SBOX(SBOX), .SPR(SPR), .FINAL(g == NR)) u (
                .clk(clk), .rst(rst), .s(st[128*(g-1) +: 128]), .rk(rk[(NR+1-g)*128-1 -: 128]),
                .q(st[128*g +: 128]));
        end
    endgenerate
    wire [127:0] ks = st[128*NR +: 128];
    wire e_v, e_h, e_f, e_l, e_dec;
    wire [3:0] e_x;
    wire [127:0] e_d;
    gcmp_dly #(.W(2), .D(LAT_AES), .RST(1)) u_dv (.clk(clk), .rst(rst), .d({v0, h0}), .q({e_v, e_h}));
    gcmp_dly #(.W(135), .D(LAT_AES)) u_dd (.clk(clk), .rst(rst), .d({f0, l0, dec0, x0, d0}),
                                           .q({e_f, e_l, e_dec, e_x, e_d}));
    wire [127:0] e_o = e_d ^ ks;                 // output block (slot 0: unused)
    wire [127:0] e_hb = (e_f || e_dec) ? e_d : e_o;  // GHASH always sees AAD / ciphertext
    wire [127:0] e_carry = e_f ? ks : e_o;       // slot 0 carries the tag mask E(K, J0)

    // ---------------- GHASH: one product per slot, accumulated by XOR ----------------
    reg [127:0] hp [1:NB+2];                     // H^1 .. H^(NB+2)
    reg [127:0] lh;                              // L * H
    reg [3:0] pstep;                             // power being computed; NB+3 means L*H
    reg su_busy;
    wire su_issue = (kst == K_POW) && !su_busy;
    reg [127:0] ma, mb, m_carry;
    reg m_v, m_su, m_f, m_l;
    reg [3:0] m_x;
    always @(posedge clk) begin
        ma <= su_issue ? ((pstep == NB + 3) ? LBLK : hp[pstep - 1]) : e_hb;
        mb <= su_issue ? hp[1] : hp[NB + 2 - e_x];
        m_carry <= e_carry;
        {m_f, m_l, m_x} <= {e_f, e_l, e_x};
        if (rst) {m_v, m_su} <= 2'b00;
        else {m_v, m_su} <= {e_v, su_issue};
    end
    wire [127:0] prod;
    gcmp_gmul #(.ST(MUL_ST)) u_mul (.clk(clk), .a(ma), .b(mb), .p(prod));
    wire p_v, p_su, p_f, p_l;
    wire [3:0] p_x;
    wire [127:0] p_carry;
    gcmp_dly #(.W(2), .D(MUL_ST), .RST(1)) u_pv (.clk(clk), .rst(rst), .d({m_v, m_su}), .q({p_v, p_su}));
    gcmp_dly #(.W(134), .D(MUL_ST)) u_pd (.clk(clk), .rst(rst), .d({m_f, m_l, m_x, m_carry}),
                                          .q({p_f, p_l, p_x, p_carry}));
    reg [127:0] acc, tmask;

    // ---------------- output FIFO (results) + meta FIFO (written at acceptance) ----------------
    reg [127:0] r_blk [0:CAP*NB-1];
    reg [127:0] r_tag [0:CAP-1];
    reg [127:0] q_tag [0:CAP-1];
    reg [ID_BITS-1:0] q_id [0:CAP-1];
    reg q_dec [0:CAP-1];
    reg [QW-1:0] wr_q, wr_r, rd;
    wire pop = out_valid && out_ready;
    wire res_done = p_v && p_l;
    always @(posedge clk) begin
        if (acc_in) begin
            q_tag[wr_q] <= in_tag;
            q_id[wr_q] <= in_id;
            q_dec[wr_q] <= in_decrypt;
        end
        if (p_v) begin
            if (p_f) begin
                acc <= prod;
                tmask <= p_carry;
            end else begin
                acc <= acc ^ prod;
                r_blk[wr_r * NB + p_x - 1] <= p_carry;
            end
        end
        if (res_done) r_tag[wr_r] <= acc ^ prod ^ lh ^ tmask;
        if (rst) begin
            wr_q <= 0; wr_r <= 0; rd <= 0; n_sys <= 0; n_res <= 0;
        end else begin
            if (acc_in) wr_q <= (wr_q == CAP - 1) ? 0 : wr_q + 1'b1;
            if (res_done) wr_r <= (wr_r == CAP - 1) ? 0 : wr_r + 1'b1;
            if (pop) rd <= (rd == CAP - 1) ? 0 : rd + 1'b1;
            n_sys <= n_sys + acc_in - pop;
            n_res <= n_res + res_done - pop;
        end
    end
    assign out_valid = (n_res != 0);
    generate
        for (g = 0; g < NB; g = g + 1) begin : g_out
            assign out_data[LW-1-128*g -: 128] = r_blk[rd * NB + g];
        end
    endgenerate
    assign out_tag = r_tag[rd];
    assign out_id = q_id[rd];
    assign out_auth_fail = out_valid && q_dec[rd] && (r_tag[rd] != q_tag[rd]);

    // ---------------- key-load sequencer ----------------
    always @(posedge clk) begin
        if (kst == K_EXP) begin
            if (kwait == KX_ST) begin
                rk <= {rk[NR*128-1:0], kw[KEY_BITS-1 -: 128]};
                kw <= kw_next;
                if (krot) rcon <= {rcon[6:0], 1'b0} ^ (rcon[7] ? 8'h1b : 8'h00);
            end
        end else if (key_valid && key_ready) begin
            kw <= key;
            rcon <= 8'h01;
        end
        if (kst == K_HW && e_h) hp[1] <= ks;
        if (p_su) begin
            if (pstep == NB + 3) lh <= prod;
            else hp[pstep] <= prod;
        end
        if (rst) begin
            kst <= K_NONE; kc <= 4'd0; kwait <= 3'd0; pstep <= 4'd2; su_busy <= 1'b0;
        end else begin
            case (kst)
                K_EXP: begin
                    kwait <= (kwait == KX_ST) ? 3'd0 : kwait + 3'd1;
                    if (kwait == KX_ST) begin
                        kc <= kc + 4'd1;
                        if (kc == NR) kst <= K_H;
                    end
                end
                K_H: kst <= K_HW;
                K_HW: if (e_h) kst <= K_POW;
                K_POW: begin
                    if (su_issue) su_busy <= 1'b1;
                    if (p_su) begin
                        su_busy <= 1'b0;
                        pstep <= pstep + 4'd1;
                        if (pstep == NB + 3) kst <= K_READY;
                    end
                end
                default: if (key_valid && key_ready) begin
                    kst <= K_EXP; kc <= 4'd0; kwait <= 3'd0; pstep <= 4'd2; su_busy <= 1'b0;
                end
            endcase
        end
    end
endmodule
