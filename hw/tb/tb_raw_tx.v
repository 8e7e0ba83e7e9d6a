// tb_raw_tx: rnic_raw_tx, self-checking.
//
// A generator makes the requester's packets (header opcode, len and offload
// sideband; payload bytes) and puts them in an input queue; for each frame
// the block must send it puts the frame (opcode, len, own, bytes) in a
// scoreboard, built by a reference model of the tb's own (byte arrays, a
// plain RFC 1071 sum). A source drives the queue on two independent
// channels, as the requester may: the next header is presented while the
// previous payload still flows, payload beats come with random gaps and
// garbage in the lanes tkeep leaves out. A sink takes the output under
// random back-pressure and long stalls and checks every header field, every
// byte, tkeep and tlast, that a presented header or beat holds until taken,
// and the totals of the two counters.
//
// Cases:
// - TSO WQEs: with and without an 802.1Q tag, IP and TCP options, templates
//   up to MAX_TSO_HEADER bytes (odd sizes too, the bytes after the TCP
//   header being payload), MSS 1 .. MAX_RAW_FRAME - template, payloads a
//   multiple of the MSS or not, single segments, sequence number and IP
//   identification wrapping, WQEs back to back; templates the block copies
//   unchanged into every segment (UDP, cut inside the TCP header, not IPv4;
//   the library refuses these, the block documents what it does);
// - IP_CSUM frames of 14 .. MAX_RAW_FRAME bytes: TCP, UDP, UDP whose sum is
//   0 (sent as 0xFFFF), TCP whose sum is 0 (sent as 0), IP options, 802.1Q,
//   padded (bytes after the IPv4 packet kept, not summed), truncated (total
//   length past the frame), fragments, other protocols, total length too
//   short for the L4 header, IP header cut short, not IPv4 (EtherType,
//   version, IHL, two tags);
// - pass-through packets (RoCE opcodes, other opcodes, RAW_OPCODE without
//   csum), with and without payload, interleaved with all of the above.
// Prints PASS or FAIL (with ERROR lines).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_raw_tx;

parameter DATA_W = 512;                         // payload stream width under test
localparam K = DATA_W / 8;                      // bytes per beat
localparam MAXF = `RNIC_MAX_RAW_FRAME;
localparam TPLMAX = `RNIC_MAX_TSO_HEADER;
localparam [7:0] RAW = `RNIC_RAW_OPCODE;
localparam IQN = 16;                            // input packets queued
localparam EQN = 32;                            // expected frames queued
localparam [3:0] OFF_CSUM = 4'b1001, OFF_TPL = 4'b1110;   // {csum, tso, tpl, last}
localparam [1:0] KIND_PASS = 2'd0, KIND_TSO = 2'd1, KIND_CSUM = 2'd2;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg  [7:0]        s_hdr_opcode = 8'd0;
reg  [12:0]       s_hdr_len = 13'd0;
reg  [3:0]        s_hdr_off = 4'd0;
reg               s_hdr_valid = 1'b0;
wire              s_hdr_ready;
reg  [DATA_W-1:0] s_pl_tdata = {DATA_W{1'b0}};
reg  [K-1:0]      s_pl_tkeep = {K{1'b0}};
reg               s_pl_tlast = 1'b0;
reg               s_pl_tvalid = 1'b0;
wire              s_pl_tready;
wire [7:0]        m_hdr_opcode;
wire [12:0]       m_hdr_len;
wire              m_hdr_own;
wire              m_hdr_valid;
reg               m_hdr_ready = 1'b0;
wire [DATA_W-1:0] m_pl_tdata;
wire [K-1:0]      m_pl_tkeep;
wire              m_pl_tlast;
wire              m_pl_tvalid;
reg               m_pl_tready = 1'b0;
wire              stat_tso_seg, stat_csum;

rnic_raw_tx #(
    .DATA_W(DATA_W)
) dut (
    .clk(clk), .rst(rst),
    .s_hdr_opcode(s_hdr_opcode), .s_hdr_len(s_hdr_len), .s_hdr_off(s_hdr_off),
    .s_hdr_valid(s_hdr_valid), .s_hdr_ready(s_hdr_ready),
    .s_pl_tdata(s_pl_tdata), .s_pl_tkeep(s_pl_tkeep), .s_pl_tlast(s_pl_tlast),
    .s_pl_tvalid(s_pl_tvalid), .s_pl_tready(s_pl_tready),
    .m_hdr_opcode(m_hdr_opcode), .m_hdr_len(m_hdr_len), .m_hdr_own(m_hdr_own),
    .m_hdr_valid(m_hdr_valid), .m_hdr_ready(m_hdr_ready),
    .m_pl_tdata(m_pl_tdata), .m_pl_tkeep(m_pl_tkeep), .m_pl_tlast(m_pl_tlast),
    .m_pl_tvalid(m_pl_tvalid), .m_pl_tready(m_pl_tready),
    .stat_tso_seg(stat_tso_seg), .stat_csum(stat_csum)
);

integer errors = 0;

`include "tb_xorshift.vh"

// Fixed seeds, one stream per process, so the frames made do not depend on
// the timing. xorshift rather than $random(seed): Verilator's $random(seed)
// reseeds its own generator, so the two simulators would make different
// frames; with xorshift they run the same cycles.
reg [31:0] g_rng = 32'h2545_F491;     // generator
reg [31:0] src_rng = 32'h9E37_79B9;   // source gaps, garbage lanes
reg [31:0] snk_rng = 32'h7F4A_7C15;   // sink back-pressure

// r = a number in 0 .. n-1
task rnd;
    input integer n;
    output integer r;
    begin
        g_rng = xorshift(g_rng);
        r = g_rng % n;
    end
endtask

task rnd32;
    output [31:0] r;
    begin
        g_rng = xorshift(g_rng);
        r = g_rng;
    end
endtask

// ---------------------------------------------------------------------------
// Queues. Input packet n is in slot n % IQN (bytes ib[slot * MAXF ..]);
// expected frame n in slot n % EQN (bytes eb[slot * MAXF ..]). The
// generator fills them between falling edges, the source and the sink
// empty them at rising edges, so the simulators agree on every cycle.
// ---------------------------------------------------------------------------
reg [7:0]  ib [0:IQN*MAXF-1];
reg [7:0]  iq_op [0:IQN-1];
reg [12:0] iq_len [0:IQN-1];
reg [3:0]  iq_off [0:IQN-1];
integer    iq_wr = 0;                   // packets queued
integer    hdr_ptr = 0;                 // next header to present
integer    pl_ptr = 0;                  // packet whose payload is sent
integer    pl_off = 0;                  // its bytes sent

reg [7:0]  eb [0:EQN*MAXF-1];
reg [7:0]  eq_op [0:EQN-1];
reg [12:0] eq_len [0:EQN-1];
reg        eq_own [0:EQN-1], eq_tso [0:EQN-1], eq_cs [0:EQN-1];
reg [1:0]  eq_kind [0:EQN-1];
integer    eq_item [0:EQN-1], eq_seg [0:EQN-1];
integer    eq_wr = 0;                   // frames expected
integer    eq_hd = 0;                   // next header to come out
integer    eq_done = 0;                 // frames checked

// generator scratch: pk the packet to send, fb the frame expected, tpl the
// TSO header template
reg [7:0]  pk [0:MAXF-1];
reg [7:0]  fb [0:MAXF-1];
reg [7:0]  tpl [0:TPLMAX-1];
integer    item = 0;                    // generator's item number (in messages)

task push_in;
    input [7:0] op;
    input integer len;
    input [3:0] off;
    integer b, s;
    begin
        while (iq_wr - ((hdr_ptr < pl_ptr) ? hdr_ptr : pl_ptr) >= IQN)
            @(negedge clk);
        s = iq_wr % IQN;
        for (b = 0; b < len; b = b + 1)
            ib[s * MAXF + b] = pk[b];
        iq_op[s] = op;
        iq_len[s] = len;
        iq_off[s] = off;
        iq_wr = iq_wr + 1;
    end
endtask

// exp_* counts of what was queued, for the summary
integer n_exp_pass = 0, n_exp_seg = 0, n_exp_cs = 0, n_exp_plain = 0;

task push_exp;
    input [7:0] op;
    input integer len;
    input own;
    input [1:0] kind;
    input integer seg;
    input tso, cs;
    integer b, s;
    begin
        while (eq_wr - eq_done >= EQN)
            @(negedge clk);
        s = eq_wr % EQN;
        for (b = 0; b < len; b = b + 1)
            eb[s * MAXF + b] = fb[b];
        eq_op[s] = op;
        eq_len[s] = len;
        eq_own[s] = own;
        eq_kind[s] = kind;
        eq_item[s] = item;
        eq_seg[s] = seg;
        eq_tso[s] = tso;
        eq_cs[s] = cs;
        eq_wr = eq_wr + 1;
        if (kind == KIND_PASS)
            n_exp_pass = n_exp_pass + 1;
        else if (tso)
            n_exp_seg = n_exp_seg + 1;
        else if (cs)
            n_exp_cs = n_exp_cs + 1;
        else
            n_exp_plain = n_exp_plain + 1;
    end
endtask

// ---------------------------------------------------------------------------
// Reference model
// ---------------------------------------------------------------------------
// sum of fb[a .. b-1] as big-endian 16-bit words (an odd last byte padded)
function [31:0] sum16;
    input integer a, b;
    integer i;
    reg [7:0] lo;
    begin
        sum16 = 32'd0;
        for (i = a; i < b; i = i + 2) begin
            lo = (i + 1 < b) ? fb[i + 1] : 8'h00;
            sum16 = sum16 + {16'd0, fb[i], lo};
        end
    end
endfunction

// end-around carry until 16 bits remain
function [15:0] fold16;
    input [31:0] s;
    reg [31:0] t;
    begin
        t = s;
        while (t[31:16] != 16'd0)
            t = {16'd0, t[15:0]} + {16'd0, t[31:16]};
        fold16 = t[15:0];
    end
endfunction

task put16;
    input integer p;
    input [15:0] v;
    begin
        fb[p] = v[15:8];
        fb[p + 1] = v[7:0];
    end
endtask

// TCP / UDP checksum of fb: pseudo header of the IPv4 header at l3, L4 from
// l4 to e, checksum field at cpos (zeroed first)
function [15:0] l4_csum;
    input integer l3, l4, e, cpos;
    input [7:0] proto;
    reg [31:0] s;
    begin
        fb[cpos] = 8'h00;
        fb[cpos + 1] = 8'h00;
        s = sum16(l3 + 12, l3 + 20) + {24'd0, proto} + (e - l4) + sum16(l4, e);
        l4_csum = ~fold16(s);
    end
endfunction

// IPv4 header checksum of the header at l3 (ihl4 bytes) in fb, written
task ip_csum_write;
    input integer l3, ihl4;
    begin
        put16(l3 + 10, 16'd0);
        put16(l3 + 10, ~fold16(sum16(l3, l3 + ihl4)));
    end
endtask

// the IP_CSUM rules applied to the frame in fb (len bytes); wrote: a
// checksum was written
reg m_wrote;
task model_csum;
    input integer len;
    integer l3, ihl4, l4, tot, cpos;
    reg [15:0] etype, frag, cs;
    reg [7:0] vihl, proto;
    begin
        m_wrote = 1'b0;
        l3 = (fb[12] == 8'h81 && fb[13] == 8'h00) ? 18 : 14;
        if (len >= l3 + 20) begin
            etype = (l3 == 18) ? {fb[16], fb[17]} : {fb[12], fb[13]};
            vihl = fb[l3];
            ihl4 = vihl[3:0] * 4;
            if (etype == 16'h0800 && vihl[7:4] == 4'd4 && vihl[3:0] >= 4'd5 && l3 + ihl4 <= len) begin
                ip_csum_write(l3, ihl4);
                m_wrote = 1'b1;
                tot = {fb[l3 + 2], fb[l3 + 3]};
                frag = {fb[l3 + 6], fb[l3 + 7]};
                proto = fb[l3 + 9];
                l4 = l3 + ihl4;
                if ((proto == 8'd6 || proto == 8'd17) && frag[13:0] == 14'd0 && l3 + tot <= len &&
                    tot >= ihl4 + ((proto == 8'd6) ? 20 : 8)) begin
                    cpos = l4 + ((proto == 8'd6) ? 16 : 6);
                    cs = l4_csum(l3, l4, l3 + tot, cpos, proto);
                    if (proto == 8'd17 && cs == 16'h0000)
                        cs = 16'hFFFF;
                    put16(cpos, cs);
                end
            end
        end
    end
endtask

// ---------------------------------------------------------------------------
// Frame makers
// ---------------------------------------------------------------------------
integer bl;                             // length of the frame being built in pk

task put8;
    input integer p;
    input [7:0] v;
    begin
        if (p < bl)
            pk[p] = v;
    end
endtask

task fill_random;
    input integer len;
    integer b, r;
    begin
        for (b = 0; b < len; b = b + 1) begin
            rnd(256, r);
            pk[b] = r;
        end
    end
endtask

// lengths: short, around the template's end, the largest, anywhere
task pick_len;
    input integer lo, hi;
    output integer len;
    integer r, x;
    begin
        rnd(10, r);
        if (r < 3) begin
            rnd(64, x);
            len = lo + x;
        end else if (r < 6) begin
            rnd(200, x);
            len = 100 + x;
        end else if (r == 6) begin
            rnd(4, x);
            len = hi - x;
        end else begin
            rnd(hi - lo + 1, x);
            len = lo + x;
        end
        if (len < lo)
            len = lo;
        if (len > hi)
            len = hi;
    end
endtask

// an Ethernet [802.1Q] IPv4 frame in pk[0 .. len-1], random elsewhere; the
// UDP length field is the IP payload length, a TCP data offset 5..15
task build_ip;
    input integer len;
    input vlan;
    input [15:0] etype;
    input [7:0] vihl;
    input [15:0] tot;
    input [15:0] frag;
    input [7:0] proto;
    integer l3, l4, r;
    reg [15:0] ulen;
    begin
        bl = len;
        fill_random(len);
        l3 = vlan ? 18 : 14;
        if (vlan) begin
            put8(12, 8'h81);
            put8(13, 8'h00);
        end
        put8(l3 - 2, etype[15:8]);
        put8(l3 - 1, etype[7:0]);
        put8(l3, vihl);
        put8(l3 + 2, tot[15:8]);
        put8(l3 + 3, tot[7:0]);
        put8(l3 + 6, frag[15:8]);
        put8(l3 + 7, frag[7:0]);
        put8(l3 + 9, proto);
        l4 = l3 + vihl[3:0] * 4;
        ulen = tot - vihl[3:0] * 4;
        if (proto == 8'd17) begin
            put8(l4 + 4, ulen[15:8]);
            put8(l4 + 5, ulen[7:0]);
        end
        if (proto == 8'd6) begin
            rnd(11, r);
            put8(l4 + 12, {r[3:0] + 4'd5, pk[l4 + 12][3:0]});
        end
    end
endtask

// the word at adj (even, inside the L4 part) set so that the L4 sum of the
// frame in pk is 0xFFFF: the checksum computes to 0
task force_zero_sum;
    input integer l3, ihl4, tot, adj;
    input [7:0] proto;
    integer b, cpos;
    reg [15:0] s;
    begin
        for (b = 0; b < l3 + tot; b = b + 1)
            fb[b] = pk[b];
        cpos = l3 + ihl4 + ((proto == 8'd6) ? 16 : 6);
        fb[adj] = 8'h00;
        fb[adj + 1] = 8'h00;
        fb[cpos] = 8'h00;
        fb[cpos + 1] = 8'h00;
        s = fold16(sum16(l3 + 12, l3 + 20) + {24'd0, proto} + (tot - ihl4) + sum16(l3 + ihl4, l3 + tot));
        pk[adj] = ~s[15:8];
        pk[adj + 1] = ~s[7:0];
    end
endtask

// IP_CSUM frame cases
localparam NCK = 14;
integer n_udp_ffff = 0, n_tcp_zero = 0;
task csum_frame;
    input integer kind;
    integer vlan, l3, ihl, ihl4, lmin, len, tot, r, x, b, adj;
    reg [15:0] frag, etype;
    reg [7:0] proto, vihl;
    begin
        rnd(4, r);
        vlan = r == 0;
        l3 = vlan ? 18 : 14;
        rnd(5, r);
        if (r < 3)
            ihl = 5;
        else begin
            rnd(11, x);
            ihl = 5 + x;
        end
        ihl4 = ihl * 4;
        vihl = {4'd4, 4'd0} | ihl;
        rnd(2, r);
        proto = r ? 8'd6 : 8'd17;
        rnd(2, r);
        frag = r ? 16'h4000 : 16'h0000;         // DF or not
        etype = 16'h0800;
        lmin = l3 + ihl4 + ((proto == 8'd6) ? 20 : 8);
        case (kind)
        0, 1: begin                             // whole packet (0 TCP, 1 UDP)
            proto = kind == 0 ? 8'd6 : 8'd17;
            lmin = l3 + ihl4 + ((proto == 8'd6) ? 20 : 8);
            pick_len(lmin, MAXF, len);
            tot = len - l3;
        end
        2: begin                                // padded
            pick_len(lmin + 1, MAXF, len);
            rnd(len - lmin, x);
            tot = lmin - l3 + x;
        end
        3: begin                                // truncated: total length past the frame
            pick_len(lmin, MAXF, len);
            rnd(3, r);
            rnd(r == 0 ? 2 : r == 1 ? 4000 : 65536 - (len - l3), x);
            tot = len - l3 + 1 + x;
            if (tot > 65535)
                tot = 65535;
        end
        4: begin                                // a fragment
            pick_len(lmin, MAXF, len);
            tot = len - l3;
            rnd(3, r);
            rnd(16'h1FFF, x);
            frag = frag | (r == 0 ? 16'h2000 : r == 1 ? 16'h0001 + x : 16'h2000 + x);
        end
        5, 6: begin                             // L4 sum 0 (5 UDP: sent as 0xFFFF; 6 TCP: sent as 0)
            proto = kind == 5 ? 8'd17 : 8'd6;
            lmin = l3 + ihl4 + ((proto == 8'd6) ? 20 : 8) + 2;
            pick_len(lmin, MAXF, len);
            rnd(2, r);
            if (r == 0 || len == lmin)
                tot = len - l3;
            else begin
                rnd(len - lmin, x);
                tot = lmin - l3 + x;
            end
        end
        7: begin                                // not IPv4 by EtherType
            pick_len(14, MAXF, len);
            rnd(4, r);
            etype = r == 0 ? 16'h86DD : r == 1 ? 16'h0806 : r == 2 ? 16'h88B5 : 16'h0801;
            tot = len - l3;
        end
        8: begin                                // IPv4 EtherType, version or IHL wrong
            pick_len(l3 + 60, MAXF, len);
            rnd(3, r);
            rnd(5, x);
            vihl = r == 0 ? {4'd6, 4'd5} : r == 1 ? {4'd4, x[3:0]} : {4'd0, 4'd5};
            tot = len - l3;
        end
        9: begin                                // IP header cut short
            rnd(l3 + ihl4 - 14, x);
            len = 14 + x;
            tot = 40;
        end
        10: begin                               // another protocol: the IP checksum only
            pick_len(l3 + ihl4, MAXF, len);
            rnd(3, r);
            proto = r == 0 ? 8'd1 : r == 1 ? 8'd47 : 8'd132;
            tot = len - l3;
        end
        11: begin                               // total length too short for the L4 header
            pick_len(lmin, MAXF, len);
            rnd((proto == 8'd6) ? 20 : 8, x);
            rnd(4, r);
            tot = (r == 0) ? (ihl4 - 1 - (x % ihl4)) : ihl4 + x;
        end
        12: begin                               // two tags or 802.1ad: not IPv4 to the block
            pick_len(60, MAXF, len);
            vlan = 0;
            l3 = 14;
            tot = len - 18;
        end
        default: begin                          // 13: the smallest whole TCP / UDP packets
            len = lmin;
            tot = len - l3;
        end
        endcase
        build_ip(len, vlan, etype, vihl, tot, frag, proto);
        if (kind == 12) begin
            rnd(2, r);
            put8(12, r ? 8'h88 : 8'h81);
            put8(13, r ? 8'hA8 : 8'h00);
            put8(16, 8'h81);
            put8(17, 8'h00);
            put8(18, 8'h08);
            put8(19, 8'h00);
            put8(20, 8'h45);
        end
        if (kind == 5 || kind == 6) begin
            rnd((tot - ihl4 - ((proto == 8'd6) ? 20 : 8)) / 2, x);
            adj = l3 + ihl4 + ((proto == 8'd6) ? 20 : 8) + 2 * x;
            force_zero_sum(l3, ihl4, tot, adj, proto);
        end
        for (b = 0; b < len; b = b + 1)
            fb[b] = pk[b];
        model_csum(len);
        if (kind == 5) begin
            if ({fb[l3 + ihl4 + 6], fb[l3 + ihl4 + 7]} != 16'hFFFF) begin
                $display("ERROR: tb: the forced UDP frame does not sum to 0");
                errors = errors + 1;
            end
            n_udp_ffff = n_udp_ffff + 1;
        end
        if (kind == 6) begin
            if ({fb[l3 + ihl4 + 16], fb[l3 + ihl4 + 17]} != 16'h0000) begin
                $display("ERROR: tb: the forced TCP frame does not sum to 0");
                errors = errors + 1;
            end
            n_tcp_zero = n_tcp_zero + 1;
        end
        push_exp(RAW, len, 1'b1, KIND_CSUM, kind, 1'b0, m_wrote);
        push_in(RAW, len, OFF_CSUM);
        item = item + 1;
    end
endtask

// an IP_CSUM frame of a given shape: TCP or UDP, len bytes, IPv4 total
// length tot
task csum_shape;
    input vlan;
    input integer ihl, len, tot;
    input [7:0] proto;
    integer b;
    reg [3:0] n;
    begin
        n = ihl;
        build_ip(len, vlan, 16'h0800, {4'd4, n}, tot, 16'h0000, proto);
        for (b = 0; b < len; b = b + 1)
            fb[b] = pk[b];
        model_csum(len);
        push_exp(RAW, len, 1'b1, KIND_CSUM, 100, 1'b0, m_wrote);
        push_in(RAW, len, OFF_CSUM);
        item = item + 1;
    end
endtask

// TSO: the template in tpl (t_hdr bytes), then chunks
integer t_l3, t_ihl4, t_l4, t_hdr;

task build_tpl;
    input vlan;
    input integer ihl, doff, extra;
    input [31:0] seq;
    input [15:0] id;
    input [7:0] flags;
    integer b, r;
    reg [3:0] n;
    begin
        t_l3 = vlan ? 18 : 14;
        t_ihl4 = ihl * 4;
        t_l4 = t_l3 + t_ihl4;
        t_hdr = t_l4 + doff * 4 + extra;
        for (b = 0; b < TPLMAX; b = b + 1) begin
            rnd(256, r);
            tpl[b] = r;
        end
        tpl[t_l3 - 2] = 8'h08;
        tpl[t_l3 - 1] = 8'h00;
        if (vlan) begin
            tpl[12] = 8'h81;
            tpl[13] = 8'h00;
        end
        n = ihl;
        tpl[t_l3] = {4'd4, n};
        tpl[t_l3 + 4] = id[15:8];                 // total length and checksums: random
        tpl[t_l3 + 5] = id[7:0];
        rnd(2, r);
        tpl[t_l3 + 6] = r ? 8'h40 : 8'h00;
        tpl[t_l3 + 7] = 8'h00;
        tpl[t_l3 + 9] = 8'd6;
        tpl[t_l4 + 4] = seq[31:24];
        tpl[t_l4 + 5] = seq[23:16];
        tpl[t_l4 + 6] = seq[15:8];
        tpl[t_l4 + 7] = seq[7:0];
        n = doff;
        tpl[t_l4 + 12] = {n, tpl[t_l4 + 12][3:0]};
        tpl[t_l4 + 13] = flags;
    end
endtask

// bad: 0 a good template; else one the block copies unchanged into every
// segment (the library refuses such WQEs): 1 UDP, 2 cut inside the TCP
// header, 3 not IPv4
task tso_wqe;
    input vlan;
    input integer ihl, doff, extra, mss, nseg, lastc;
    input [31:0] seq0;
    input [15:0] id0;
    input [7:0] flags;
    input integer bad;
    integer i, c, b, r, tot;
    reg [31:0] seq;
    reg [15:0] id, cs;
    reg [7:0] fl;
    begin
        build_tpl(vlan, ihl, doff, extra, seq0, id0, flags);
        if (bad == 1)
            tpl[t_l3 + 9] = 8'd17;
        else if (bad == 2)
            t_hdr = t_l4 + 19;
        else if (bad == 3) begin
            tpl[t_l3 - 2] = 8'h86;
            tpl[t_l3 - 1] = 8'hDD;
        end
        for (b = 0; b < t_hdr; b = b + 1)
            pk[b] = tpl[b];
        push_in(RAW, t_hdr, OFF_TPL);
        seq = seq0;
        id = id0;
        for (i = 0; i < nseg; i = i + 1) begin
            c = (i == nseg - 1) ? lastc : mss;
            for (b = 0; b < t_hdr; b = b + 1)
                fb[b] = tpl[b];
            for (b = 0; b < c; b = b + 1) begin
                rnd(256, r);
                pk[b] = r;
                fb[t_hdr + b] = r;
            end
            // the segment: total length, ID, IP checksum, sequence number,
            // flags, TCP checksum
            if (bad == 0) begin
                tot = t_hdr - t_l3 + c;
                put16(t_l3 + 2, tot);
                put16(t_l3 + 4, id);
                ip_csum_write(t_l3, t_ihl4);
                put16(t_l4 + 4, seq[31:16]);
                put16(t_l4 + 6, seq[15:0]);
                fl = flags;
                if (i != 0)
                    fl = fl & ~8'h80;
                if (i != nseg - 1)
                    fl = fl & ~8'h09;
                fb[t_l4 + 13] = fl;
                cs = l4_csum(t_l3, t_l4, t_hdr + c, t_l4 + 16, 8'd6);
                put16(t_l4 + 16, cs);
            end
            push_exp(RAW, t_hdr + c, 1'b1, KIND_TSO, i, 1'b1, bad == 0);
            push_in(RAW, c, {3'b110, i == nseg - 1});
            seq = seq + c;
            id = id + 16'd1;
        end
        item = item + 1;
    end
endtask

// a TSO WQE of random shape; wrap: sequence number and ID close to wrapping
task tso_random;
    input wrap;
    integer vlan, ihl, doff, extra, hdr, mss, maxm, nseg, lastc, r, x;
    reg [31:0] seq;
    reg [15:0] id;
    reg [7:0] flags;
    begin
        rnd(4, r);
        vlan = r == 0;
        rnd(2, r);
        rnd(11, x);
        ihl = r ? 5 : 5 + x;
        rnd(2, r);
        rnd(11, x);
        doff = r ? 5 : 5 + x;
        rnd(8, r);
        rnd(3, x);
        extra = (r == 0) ? 1 + x : 0;
        while ((vlan ? 18 : 14) + 4 * ihl + 4 * doff + extra > TPLMAX) begin
            if (doff > 5)
                doff = doff - 1;
            else
                ihl = ihl - 1;
        end
        hdr = (vlan ? 18 : 14) + 4 * ihl + 4 * doff + extra;
        maxm = MAXF - hdr;
        rnd(10, r);
        if (r == 0) begin
            rnd(8, x);
            mss = 1 + x;
        end else if (r < 4) begin
            rnd(200, x);
            mss = 9 + x;
        end else if (r < 7) begin
            rnd(1300, x);
            mss = 200 + x;
        end else if (r < 9) begin
            rnd(maxm - 1500 + 1, x);
            mss = 1500 + x;
        end else
            mss = maxm;
        rnd(4, r);
        if (r == 0)
            nseg = 1;
        else begin
            rnd(mss < 64 ? 12 : mss < 1500 ? 6 : 3, x);
            nseg = 2 + x;
        end
        rnd(4, r);
        rnd(mss, x);
        lastc = (r == 0) ? mss : 1 + x;
        rnd32(seq);
        g_rng = xorshift(g_rng);
        id = g_rng[15:0];
        if (wrap) begin
            rnd(2 * mss + 2, x);
            seq = 32'hFFFF_FFFF - x;
            rnd(3, x);
            id = 16'hFFFF - x;
        end
        g_rng = xorshift(g_rng);
        flags = g_rng[7:0];
        rnd(4, r);
        if (r != 0)
            flags = flags | 8'h89;
        tso_wqe(vlan, ihl, doff, extra, mss, nseg, lastc, seq, id, flags, 0);
    end
endtask

// pass-through: RoCE-like opcodes, others, RAW_OPCODE without csum
task pass_pkt;
    input [7:0] op;
    input [3:0] off;
    input integer len;
    integer b;
    begin
        bl = len;
        fill_random(len);
        for (b = 0; b < len; b = b + 1)
            fb[b] = pk[b];
        push_exp(op, len, 1'b0, KIND_PASS, 0, 1'b0, 1'b0);
        push_in(op, len, off);
        item = item + 1;
    end
endtask

task pass_random;
    integer r, x, len;
    reg [7:0] op;
    reg [3:0] off;
    begin
        rnd(4, r);
        off = 4'd0;
        if (r < 2) begin
            rnd(6, x);
            op = x == 0 ? 8'h04 : x == 1 ? 8'h0A : x == 2 ? 8'h11 : x == 3 ? 8'h0C : x == 4 ? 8'h64 : 8'h10;
        end else if (r == 2) begin
            rnd(255, x);
            op = x;
        end else begin
            op = RAW;
            rnd(8, x);
            off = x;                              // csum clear, the others anything
        end
        rnd(4, r);
        if (r == 0 && op != RAW)
            len = 0;
        else
            pick_len(op == RAW ? 14 : 1, MAXF, len);
        pass_pkt(op, off, len);
    end
endtask

task random_item;
    integer r, x;
    begin
        rnd(100, r);
        if (r < 30) begin
            rnd(6, x);
            tso_random(x == 0);
        end else if (r < 65) begin
            rnd(NCK, x);
            csum_frame(x);
        end else
            pass_random;
    end
endtask

// ---------------------------------------------------------------------------
// Source: header and payload channels; inputs change by nonblocking
// assignments at rising edges and handshakes are seen there
// ---------------------------------------------------------------------------
integer gap_hdr = 0, gap_pl = 0;        // percent of cycles a channel idles
integer n_hdr_early = 0;                // cycles a header waited while an earlier payload flowed
integer n_pl_early = 0;                 // cycles a beat waited for its header
integer hp, pp, po, sb, sl;
reg [DATA_W-1:0] sd;
reg [K-1:0] sk;
always @(posedge clk) begin
    if (!rst) begin
        if (s_hdr_valid && hdr_ptr > pl_ptr)
            n_hdr_early = n_hdr_early + 1;
        if (s_pl_tvalid && pl_ptr >= hdr_ptr)
            n_pl_early = n_pl_early + 1;
        hp = hdr_ptr;
        if (s_hdr_valid && s_hdr_ready)
            hp = hp + 1;
        hdr_ptr = hp;
        if (!s_hdr_valid || s_hdr_ready) begin
            src_rng = xorshift(src_rng);
            if (hp < iq_wr && src_rng % 100 >= gap_hdr) begin
                s_hdr_valid <= 1'b1;
                s_hdr_opcode <= iq_op[hp % IQN];
                s_hdr_len <= iq_len[hp % IQN];
                s_hdr_off <= iq_off[hp % IQN];
            end else begin
                s_hdr_valid <= 1'b0;
                s_hdr_opcode <= src_rng[15:8];
                s_hdr_len <= src_rng[28:16];
                s_hdr_off <= src_rng[3:0];
            end
        end
        pp = pl_ptr;
        po = pl_off;
        if (s_pl_tvalid && s_pl_tready) begin
            po = po + K;
            if (s_pl_tlast) begin
                pp = pp + 1;
                po = 0;
            end
        end
        while (pp < iq_wr && iq_len[pp % IQN] == 13'd0)
            pp = pp + 1;
        pl_ptr = pp;
        pl_off = po;
        if (!s_pl_tvalid || s_pl_tready) begin
            src_rng = xorshift(src_rng);
            sl = (pp < iq_wr) ? iq_len[pp % IQN] : 0;
            for (sb = 0; sb < K; sb = sb + 1) begin
                sd[8*sb +: 8] = (po + sb < sl) ? ib[(pp % IQN) * MAXF + po + sb] : (src_rng[7:0] ^ sb[7:0]);
                sk[sb] = po + sb < sl;
            end
            s_pl_tdata <= sd;
            if (pp < iq_wr && src_rng[31:16] % 100 >= gap_pl) begin
                s_pl_tkeep <= sk;
                s_pl_tlast <= po + K >= sl;
                s_pl_tvalid <= 1'b1;
            end else begin
                s_pl_tkeep <= {(K/8){src_rng[15:8]}};
                s_pl_tlast <= src_rng[9];
                s_pl_tvalid <= 1'b0;
            end
        end
    end
end

// ---------------------------------------------------------------------------
// Sink: random ready, long stalls; checks against the scoreboard
// ---------------------------------------------------------------------------
integer bp_hdr = 0, bp_pl = 0;          // percent of cycles ready is low
integer stall_pct10 = 0;                // per mille of cycles a stall starts
integer stall_left = 0;
integer n_tso = 0, n_cs = 0;            // counter pulses
integer x_tso = 0, x_cs = 0;            // pulses expected for the frames checked
integer idle_cycles = 0;
integer cur = 0, pay_off = 0, slot = 0, e_len = 0, kk, fbad = 0;
reg     in_pay = 1'b0;
reg     h_pend = 1'b0, p_pend = 1'b0;
reg [7:0]  h_op;
reg [12:0] h_len;
reg        h_own;
reg [DATA_W-1:0] p_data;
reg [K-1:0] p_keep;
reg        p_last;

function [8*8-1:0] kname;
    input [1:0] kind;
    kname = kind == KIND_PASS ? "pass" : kind == KIND_TSO ? "TSO seg" : "IP_CSUM";
endfunction

task frame_done;
    begin
        x_tso = x_tso + eq_tso[cur % EQN];
        x_cs = x_cs + eq_cs[cur % EQN];
        eq_done = cur + 1;
    end
endtask

always @(posedge clk) begin
    if (!rst) begin
        if (stat_tso_seg)
            n_tso = n_tso + 1;
        if (stat_csum)
            n_cs = n_cs + 1;
        if (h_pend && (m_hdr_valid !== 1'b1 || m_hdr_opcode !== h_op || m_hdr_len !== h_len ||
                       m_hdr_own !== h_own)) begin
            $display("ERROR: a header (opcode %02x len %0d own %b) changed or left before it was taken",
                     h_op, h_len, h_own);
            errors = errors + 1;
        end
        if (p_pend && (m_pl_tvalid !== 1'b1 || m_pl_tdata !== p_data || m_pl_tkeep !== p_keep ||
                       m_pl_tlast !== p_last)) begin
            $display("ERROR: frame %0d: a payload beat changed or left before it was taken", cur);
            errors = errors + 1;
        end
        if (m_hdr_valid && m_hdr_ready) begin
            idle_cycles = 0;
            if (in_pay) begin
                $display("ERROR: a header taken before frame %0d's last beat", cur);
                errors = errors + 1;
            end
            if (eq_hd >= eq_wr) begin
                $display("ERROR: an unexpected frame: opcode %02x len %0d own %b", m_hdr_opcode, m_hdr_len,
                         m_hdr_own);
                errors = errors + 1;
            end else begin
                cur = eq_hd;
                slot = cur % EQN;
                eq_hd = eq_hd + 1;
                pay_off = 0;
                fbad = 0;
                if (m_hdr_opcode !== eq_op[slot] || m_hdr_len !== eq_len[slot] || m_hdr_own !== eq_own[slot]) begin
                    $display("ERROR: frame %0d (%0s, item %0d, %0d): opcode %02x len %0d own %b, expected %02x %0d %b",
                             cur, kname(eq_kind[slot]), eq_item[slot], eq_seg[slot], m_hdr_opcode, m_hdr_len,
                             m_hdr_own, eq_op[slot], eq_len[slot], eq_own[slot]);
                    errors = errors + 1;
                end
                if (eq_len[slot] == 13'd0)
                    frame_done;
                else
                    in_pay = 1'b1;
            end
        end
        if (m_pl_tvalid && m_pl_tready) begin
            idle_cycles = 0;
            if (!in_pay) begin
                $display("ERROR: a payload beat without a header");
                errors = errors + 1;
            end else begin
                slot = cur % EQN;
                e_len = eq_len[slot];
                for (kk = 0; kk < K; kk = kk + 1) begin
                    if (pay_off + kk < e_len) begin
                        if (m_pl_tkeep[kk] !== 1'b1 || m_pl_tdata[8*kk +: 8] !== eb[slot * MAXF + pay_off + kk]) begin
                            if (fbad < 6)
                                $display("ERROR: frame %0d (%0s, item %0d, %0d, len %0d) byte %0d: keep %b data %02x, expected %02x",
                                         cur, kname(eq_kind[slot]), eq_item[slot], eq_seg[slot], e_len, pay_off + kk,
                                         m_pl_tkeep[kk], m_pl_tdata[8*kk +: 8], eb[slot * MAXF + pay_off + kk]);
                            fbad = fbad + 1;
                            errors = errors + 1;
                        end
                    end else if (m_pl_tkeep[kk] !== 1'b0) begin
                        $display("ERROR: frame %0d: tkeep set past the frame's end (byte %0d of %0d)", cur,
                                 pay_off + kk, e_len);
                        errors = errors + 1;
                    end
                end
                pay_off = pay_off + K;
                if (m_pl_tlast !== (pay_off >= e_len)) begin
                    $display("ERROR: frame %0d: tlast %b at byte %0d of %0d", cur, m_pl_tlast, pay_off, e_len);
                    errors = errors + 1;
                end
                if (pay_off >= e_len) begin
                    in_pay = 1'b0;
                    frame_done;
                end
            end
        end
        h_pend = m_hdr_valid && !m_hdr_ready;
        h_op = m_hdr_opcode;
        h_len = m_hdr_len;
        h_own = m_hdr_own;
        p_pend = m_pl_tvalid && !m_pl_tready;
        p_data = m_pl_tdata;
        p_keep = m_pl_tkeep;
        p_last = m_pl_tlast;
        // nothing came out for long while frames are due: stuck
        if (eq_hd < eq_wr || in_pay)
            idle_cycles = idle_cycles + 1;
        if (idle_cycles > 100000) begin
            $display("ERROR: no output for 100000 cycles: %0d of %0d frames out, %0d of %0d headers and %0d payloads taken",
                     eq_hd, eq_wr, hdr_ptr, iq_wr, pl_ptr);
            $display("tb_raw_tx DATA_W=%0d: stuck: FAIL", DATA_W);
            $finish;
        end
    end
    snk_rng = xorshift(snk_rng);
    if (stall_left > 0)
        stall_left = stall_left - 1;
    else if (snk_rng[31:22] < stall_pct10)
        stall_left = 50 + snk_rng[21:13];
    m_hdr_ready <= stall_left == 0 && snk_rng[6:0] % 100 >= bp_hdr;
    m_pl_tready <= stall_left == 0 && snk_rng[14:8] % 100 >= bp_pl;
end

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------
task set_mode;
    input integer gh, gp, bh, bp, st;
    begin
        gap_hdr = gh;
        gap_pl = gp;
        bp_hdr = bh;
        bp_pl = bp;
        stall_pct10 = st;
    end
endtask

task drain;
    begin
        while (eq_done < eq_wr || hdr_ptr < iq_wr || pl_ptr < iq_wr)
            @(negedge clk);
        repeat (20) @(negedge clk);
    end
endtask

integer i, j, r;
initial begin
    repeat (4) @(posedge clk);
    #1 rst = 1'b0;
    @(negedge clk);

    // 1. one of each, no gaps, no back-pressure
    set_mode(0, 0, 0, 0, 0);
    pass_pkt(8'h04, 4'd0, 0);
    pass_pkt(8'h04, 4'd0, 100);
    pass_pkt(RAW, 4'b0001, 60);
    csum_frame(13);                                     // smallest whole TCP or UDP
    csum_frame(0);
    csum_frame(1);
    tso_wqe(0, 5, 5, 0, 1000, 1, 700, 32'h1000_0000, 16'h1234, 8'h99, 0);      // one segment
    tso_wqe(0, 5, 5, 0, 1460, 3, 1000, 32'h0000_0001, 16'h0001, 8'h99, 0);     // three
    drain;

    // 2. directed shapes, random gaps and back-pressure
    set_mode(30, 25, 30, 30, 0);
    tso_wqe(1, 15, 12, 2, 100, 4, 37, 32'hFFFF_FF80, 16'hFFFE, 8'hFF, 0);      // 128-byte template, wraps
    tso_wqe(0, 5, 5, 0, 1, 20, 1, 32'h7FFF_FFF8, 16'hFFFF, 8'h89, 0);          // MSS 1
    tso_wqe(0, 5, 5, 0, MAXF - 54, 2, MAXF - 54, 32'h0, 16'h0, 8'h18, 0);       // largest segments
    tso_wqe(1, 6, 8, 0, MAXF - 18 - 24 - 32, 2, 5, 32'h0, 16'h0, 8'h01, 0);
    tso_wqe(0, 5, 5, 1, 333, 3, 100, 32'h5555_5555, 16'h100, 8'h89, 0);         // odd templates
    tso_wqe(1, 7, 6, 3, 64, 5, 63, 32'hAAAA_AAAA, 16'h200, 8'h80, 0);
    tso_wqe(0, 15, 13, 0, 17, 4, 17, 32'h1, 16'h2, 8'hC9, 0);                   // options, payload = 4 * MSS
    tso_wqe(0, 5, 7, 2, 700, 3, 699, 32'h3, 16'h4, 8'h89, 0);                   // 64-byte template
    tso_wqe(1, 15, 12, 1, 1000, 2, 999, 32'h5, 16'h6, 8'h89, 0);                // 127: every lane carries
    tso_wqe(0, 5, 5, 1, 1, 6, 1, 32'h7, 16'h8, 8'h89, 0);                       // odd template, MSS 1
    for (i = 1; i <= 3; i = i + 1)                                              // templates copied unchanged
        tso_wqe(i == 2, 5, 5, 0, 500, 3, 321, 32'h1, 16'h2, 8'hC9, i);
    for (i = 0; i < 4; i = i + 1) begin
        csum_frame(5);                                  // UDP sum 0
        csum_frame(6);                                  // TCP sum 0
    end
    for (i = 0; i < NCK; i = i + 1)
        csum_frame(i);
    // the IPv4 packet ending around the template's end (MAX_TSO_HEADER),
    // whole or padded
    for (i = TPLMAX - 8; i <= TPLMAX + 8; i = i + 1) begin
        csum_shape(i % 3 == 0, 5 + i % 2, i, i - ((i % 3 == 0) ? 18 : 14), (i % 2) ? 8'd6 : 8'd17);
        csum_shape(i % 3 == 1, 5, i + 1 + i % 5, i - ((i % 3 == 1) ? 18 : 14), (i % 2) ? 8'd17 : 8'd6);
    end
    drain;

    // 3. random mix
    set_mode(20, 20, 25, 25, 2);
    for (i = 0; i < 250; i = i + 1)
        random_item;
    drain;

    // 4. back to back at full speed, then with the output slow: TSO WQEs,
    // csum frames between them, passes in between
    for (j = 0; j < 2; j = j + 1) begin
        if (j == 0)
            set_mode(0, 0, 0, 0, 0);
        else
            set_mode(0, 0, 60, 60, 5);
        for (i = 0; i < 12; i = i + 1)
            tso_random(i == 3);
        for (i = 0; i < 12; i = i + 1) begin
            rnd(NCK, r);
            csum_frame(r);
        end
        for (i = 0; i < 12; i = i + 1) begin
            rnd(3, r);
            if (r == 0)
                tso_random(1'b0);
            else if (r == 1) begin
                rnd(NCK, r);
                csum_frame(r);
            end else
                pass_random;
        end
        drain;
    end

    // 5. random mix, slow input and output
    set_mode(50, 50, 50, 50, 3);
    for (i = 0; i < 150; i = i + 1)
        random_item;
    drain;

    if (eq_done != eq_wr) begin
        $display("ERROR: %0d of %0d frames came out", eq_done, eq_wr);
        errors = errors + 1;
    end
    if (n_tso != x_tso) begin
        $display("ERROR: stat_tso_seg pulsed %0d times, %0d TSO segments sent", n_tso, x_tso);
        errors = errors + 1;
    end
    if (n_cs != x_cs) begin
        $display("ERROR: stat_csum pulsed %0d times, %0d frames sent with checksums written", n_cs, x_cs);
        errors = errors + 1;
    end
    if (m_hdr_valid || in_pay) begin
        $display("ERROR: output not idle at the end");
        errors = errors + 1;
    end
    $display("tb_raw_tx DATA_W=%0d: %0d frames checked: %0d TSO segments, %0d IP_CSUM frames with checksums written (%0d UDP sent as 0xFFFF, %0d TCP 0), %0d unchanged, %0d passed through",
             DATA_W, eq_done, n_exp_seg, n_exp_cs, n_udp_ffff, n_tcp_zero, n_exp_plain, n_exp_pass);
    $display("tb_raw_tx DATA_W=%0d: %0d cycles; source: %0d cycles a header waited behind an earlier payload, %0d cycles a beat waited for its header",
             DATA_W, $time / 10, n_hdr_early, n_pl_early);
    if (errors == 0)
        $display("tb_raw_tx DATA_W=%0d: PASS", DATA_W);
    else
        $display("tb_raw_tx DATA_W=%0d: %0d errors: FAIL", DATA_W, errors);
    $finish;
end

endmodule

`default_nettype wire
