// rnic_raw_tx: checksum offload and TCP segmentation offload (TSO) for the
// raw Ethernet frames of RAW_PACKET QPs, between the requester and the TX
// arbiter (docs/rtl-interfaces.md, "Raw transmit offload").
//
// Input: the requester's header bus (valid/ready, opcode, len and the raw
// offload sideband s_hdr_off = {csum, tso, tpl, last}) and payload stream.
// Everything that is not a RAW_OPCODE packet with csum set passes through
// unchanged (header, then its payload, as rnic_tx_arb takes them), but only
// when no offloaded frame is waiting, so frames leave in the order the
// requester made them.
//
// Offloaded packets:
// - tpl (TSO header template, tso set): its len bytes (at most TPL bytes,
//   MAX_TSO_HEADER) are kept in the template registers; then the template
//   is summed (I_SUM, 16 bytes a cycle) and its sequence number and IP
//   identification become the first segment's.
// - tso chunk: one segment's TCP payload (len bytes, last set on the final
//   chunk of the WQE). It is written into a frame bank at byte offset
//   hdr_sz (each byte lane is its own RAM, so the write rotates the beat
//   by hdr_sz mod K) while its bytes are summed. The segment is the
//   template with IPv4 total length, identification (+1 per segment) and
//   header checksum, TCP sequence number (+ the chunk length per segment),
//   flags (CWR only on the first segment, FIN and PSH only on the last) and
//   checksum rewritten, followed by the chunk.
// - csum frame (tso clear): a whole frame (at most MAX_RAW_FRAME bytes),
//   written to a bank from byte 0 and its first TPL bytes to the template
//   registers; bytes from TPL up to the end of the IPv4 packet are summed on
//   the way in, the rest from the template registers (I_SUM). If the frame
//   is IPv4 (EtherType 0x0800, or 0x8100 then 0x0800; version 4, IHL >= 5)
//   its header checksum is rewritten; if it carries TCP or UDP, is not a
//   fragment and holds the whole IPv4 packet, the L4 checksum is rewritten
//   too (pseudo header, the field's content ignored; UDP 0 is sent as
//   0xFFFF). Anything else goes out unchanged.
// A template that is not Ethernet / IPv4 / TCP ending at or after the TCP
// header is copied unchanged into every segment (the library refuses such
// WQEs).
//
// Two frame banks: a chunk is stored while the previous segment is sent.
// The output side loads the bank's patched template into tpl_out_reg (one
// cycle; right after the previous frame's last beat when the bank is full
// by then), presents the header (RAW_OPCODE, the frame length), then streams
// the bank (one synchronous read per beat; bytes below the template length
// come from tpl_out_reg). A new template or csum frame is taken only when
// every stored frame has had its template loaded, since it overwrites the
// template registers.
//
// Pipelines (every register-to-register step within a few LUT levels): the
// template's parse is registered (P1 to P3, see I_PARSE); a stored beat's
// sum takes three cycles (S1 its counted bytes, S2 group sums, S3 the running
// sum), a template slice's two (T1, T2); a stored frame's checksums three
// more (F_A, F_B, then its bank description is written, so the bank becomes
// full). A chunk's sum and checksums are finished while the next chunk is
// already being taken: the input side takes a chunk in 1 + its beats cycles.
// A csum frame waits for I_PARSE (3 cycles) and I_SUM (11) after its last
// beat, then F_A and F_B.
`default_nettype none

`include "rnic_contract.vh"

module rnic_raw_tx #(
    parameter DATA_W = 512              // payload stream width in bits (64..512, power of two)
) (
    input  wire                  clk,
    input  wire                  rst,

    // from the requester
    input  wire [7:0]            s_hdr_opcode,
    input  wire [12:0]           s_hdr_len,
    input  wire [3:0]            s_hdr_off,       // {csum, tso, tpl, last}; RAW_OPCODE packets only
    input  wire                  s_hdr_valid,
    output wire                  s_hdr_ready,
    input  wire [DATA_W-1:0]     s_pl_tdata,
    input  wire [DATA_W/8-1:0]   s_pl_tkeep,
    input  wire                  s_pl_tlast,
    input  wire                  s_pl_tvalid,
    output wire                  s_pl_tready,

    // to the TX arbiter; m_hdr_own: the header is this block's own frame
    // (only opcode and len are meaningful), else the requester's header
    output wire [7:0]            m_hdr_opcode,
    output wire [12:0]           m_hdr_len,
    output wire                  m_hdr_own,
    output wire                  m_hdr_valid,
    input  wire                  m_hdr_ready,
    output wire [DATA_W-1:0]     m_pl_tdata,
    output wire [DATA_W/8-1:0]   m_pl_tkeep,
    output wire                  m_pl_tlast,
    output wire                  m_pl_tvalid,
    input  wire                  m_pl_tready,

    output wire                  stat_tso_seg,   // a TSO segment was sent
    output wire                  stat_csum       // a frame with device-written checksums was sent
);

localparam K = DATA_W / 8;                       // bytes per beat
localparam LK = $clog2(K);
localparam TPL = `RNIC_MAX_TSO_HEADER;           // template bytes
localparam TPL_W = TPL * 8;
localparam TBEATS = TPL / K;                     // beats holding template bytes (>= 1)
localparam FMAX = `RNIC_MAX_RAW_FRAME;
localparam BW = FMAX / K;                        // words per bank
localparam WW = $clog2(BW);
localparam [12:0] TPL13 = TPL;
localparam [7:0] TPL8 = TPL;
localparam integer TSL = TPL / 16 - 1;
localparam [3:0] TSLICE_LAST = TSL[3:0];           // last 16-byte slice of the template
localparam integer KI = K;
localparam [12:0] K13 = KI[12:0];

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_raw_tx: DATA_W must be a power of two from 64 to 512");
    if (TPL % 16 != 0 || TPL < K)
        $error("rnic_raw_tx: MAX_TSO_HEADER must be a multiple of 16 and at least one beat");
end

// one's complement helpers (RFC 1071)
function [15:0] fold;
    input [31:0] s;
    reg [16:0] t;
    begin
        t = {1'b0, s[15:0]} + {1'b0, s[31:16]};
        fold = t[15:0] + {15'd0, t[16]};
    end
endfunction

wire s_raw     = s_hdr_opcode == `RNIC_RAW_OPCODE;
wire s_offload = s_raw && s_hdr_off[3];
wire s_tso     = s_hdr_off[2];
wire s_tpl     = s_hdr_off[1];
wire s_last    = s_hdr_off[0];

// ---------------------------------------------------------------------------
// Template registers and their parse
// ---------------------------------------------------------------------------
// The parse is registered in two steps from tpl_reg (P1: the L3 offset and
// the fields at fixed offsets from it; P2: the fields behind the L3 header
// and every byte position the sums and the patch use). Both run on every
// cycle; a value is read only once tpl_reg has been unchanged for three
// cycles (I_PARSE), except P1's end of the IPv4 packet, which a csum frame's
// sum needs from its beat TPL / K on (see the sum pipeline).
reg [TPL_W-1:0] tpl_reg;
reg [7:0]       hdr_reg;                  // TSO: template bytes

/* verilator lint_off UNUSEDSIGNAL */
function [7:0] tb;                        // template byte at position p (below TPL)
    input [TPL_W-1:0] t;
    input [7:0] p;
/* verilator lint_on UNUSEDSIGNAL */
    tb = t[{p[6:0], 3'b000} +: 8];
endfunction

// P1: from tpl_reg
reg [7:0]   t_l3, t_l4, t_ihl4;
reg [15:0]  t_etype, t_tot, t_id;
reg [3:0]   t_ver, t_ihl;
reg [13:0]  t_frag;                       // MF and fragment offset
reg [7:0]   t_proto;
reg [15:0]  t_src_h, t_src_l, t_dst_h, t_dst_l;
reg [16:0]  t_ipend;                      // end of the IPv4 packet in the frame
// fields at fixed offsets behind the tag or behind the Ethernet header
wire       vlan = {tb(tpl_reg, 8'd12), tb(tpl_reg, 8'd13)} == 16'h8100;
wire [7:0] vihl = vlan ? tb(tpl_reg, 8'd18) : tb(tpl_reg, 8'd14);
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0] frag_h = vlan ? tb(tpl_reg, 8'd24) : tb(tpl_reg, 8'd20);   // [7:6] reserved and DF
/* verilator lint_on UNUSEDSIGNAL */
always @(posedge clk) begin
    t_l3    <= vlan ? 8'd18 : 8'd14;
    t_ihl4  <= {2'b00, vihl[3:0], 2'b00};
    t_l4    <= (vlan ? 8'd18 : 8'd14) + {2'b00, vihl[3:0], 2'b00};
    t_ver   <= vihl[7:4];
    t_ihl   <= vihl[3:0];
    t_etype <= vlan ? {tb(tpl_reg, 8'd16), tb(tpl_reg, 8'd17)} : {tb(tpl_reg, 8'd12), tb(tpl_reg, 8'd13)};
    t_tot   <= vlan ? {tb(tpl_reg, 8'd20), tb(tpl_reg, 8'd21)} : {tb(tpl_reg, 8'd16), tb(tpl_reg, 8'd17)};
    t_id    <= vlan ? {tb(tpl_reg, 8'd22), tb(tpl_reg, 8'd23)} : {tb(tpl_reg, 8'd18), tb(tpl_reg, 8'd19)};
    t_frag  <= {frag_h[5:0], vlan ? tb(tpl_reg, 8'd25) : tb(tpl_reg, 8'd21)};
    t_proto <= vlan ? tb(tpl_reg, 8'd27) : tb(tpl_reg, 8'd23);
    t_src_h <= vlan ? {tb(tpl_reg, 8'd30), tb(tpl_reg, 8'd31)} : {tb(tpl_reg, 8'd26), tb(tpl_reg, 8'd27)};
    t_src_l <= vlan ? {tb(tpl_reg, 8'd32), tb(tpl_reg, 8'd33)} : {tb(tpl_reg, 8'd28), tb(tpl_reg, 8'd29)};
    t_dst_h <= vlan ? {tb(tpl_reg, 8'd34), tb(tpl_reg, 8'd35)} : {tb(tpl_reg, 8'd30), tb(tpl_reg, 8'd31)};
    t_dst_l <= vlan ? {tb(tpl_reg, 8'd36), tb(tpl_reg, 8'd37)} : {tb(tpl_reg, 8'd32), tb(tpl_reg, 8'd33)};
    t_ipend <= (vlan ? 17'd18 : 17'd14) +
               {1'b0, (vlan ? {tb(tpl_reg, 8'd20), tb(tpl_reg, 8'd21)} : {tb(tpl_reg, 8'd16), tb(tpl_reg, 8'd17)})};
end

// P2: from P1 and tpl_reg
reg         t_ipv4, t_tcp, t_udp, t_l4sum_ok, t_tso_ok;
reg [31:0]  t_seq;
reg [7:0]   t_doff, t_flags;
reg [31:0]  t_pseudo;                     // pseudo header without the L4 length
reg [7:0]   t_l4hi;                       // end of the L4 bytes held in the template
reg [7:0]   t_cpos, t_cpos2;              // L4 checksum field
reg [7:0]   t_ipc, t_ipc2;                // IPv4 checksum field
reg [7:0]   t_tot_pos, t_id_end;
reg [6:0]   t_id_pos, t_flg_pos;
reg [7:0]   t_seq_pos, t_seq_end, t_flag_pos, t_flag_end;
reg [7:0]   t_l4min_tcp, t_l4min_udp;     // IHL * 4 + the L4 header
/* verilator lint_off UNUSEDSIGNAL */
reg [255:0] l4win;                        // template bytes from the L4 header on
/* verilator lint_on UNUSEDSIGNAL */
always @* l4win = tpl_reg[{t_l4[6:0], 3'b000} +: 256];
wire ipv4 = t_etype == 16'h0800 && t_ver == 4'd4 && t_ihl >= 4'd5;
wire tcp = t_proto == 8'd6;
wire udp = t_proto == 8'd17;
always @(posedge clk) begin
    t_ipv4 <= ipv4;
    t_tcp <= tcp;
    t_udp <= udp;
    t_l4sum_ok <= ipv4 && (tcp || udp);
    t_tso_ok <= ipv4 && tcp && {1'b0, hdr_reg} >= {1'b0, t_l4} + 9'd20;
    t_seq <= {l4win[8*4 +: 8], l4win[8*5 +: 8], l4win[8*6 +: 8], l4win[8*7 +: 8]};
    t_doff <= l4win[8*12 +: 8];
    t_flags <= l4win[8*13 +: 8];
    t_pseudo <= ({16'd0, t_src_h} + {16'd0, t_src_l}) + ({16'd0, t_dst_h} + {16'd0, t_dst_l}) + {24'd0, t_proto};
    t_l4hi <= i_tso_reg ? hdr_reg : ((t_ipend < {9'd0, TPL8}) ? t_ipend[7:0] : TPL8);
    t_cpos <= t_l4 + (tcp ? 8'd16 : 8'd6);
    t_cpos2 <= t_l4 + (tcp ? 8'd18 : 8'd8);
    t_ipc <= t_l3 + 8'd10;
    t_ipc2 <= t_l3 + 8'd12;
    t_tot_pos <= t_l3 + 8'd2;
    t_id_pos <= t_l3[6:0] + 7'd4;
    t_id_end <= t_l3 + 8'd6;
    t_seq_pos <= t_l4 + 8'd4;
    t_seq_end <= t_l4 + 8'd8;
    t_flag_pos <= t_l4 + 8'd12;
    t_flag_end <= t_l4 + 8'd14;
    t_flg_pos <= t_l4[6:0] + 7'd13;
    t_l4min_tcp <= t_ihl4 + 8'd20;
    t_l4min_udp <= t_ihl4 + 8'd8;
end

// ---------------------------------------------------------------------------
// Input side
// ---------------------------------------------------------------------------
localparam [2:0] I_IDLE  = 3'd0,   // wait for a header
                 I_PASS  = 3'd1,   // a passed-through header was taken: pass its payload
                 I_TPL   = 3'd2,   // take the template's bytes
                 I_DATA  = 3'd3,   // store a chunk or a csum frame
                 I_PARSE = 3'd4,   // let the template parse settle
                 I_SUM   = 3'd5;   // sum the template registers

reg [2:0]   i_state_reg;
reg         i_tso_reg;            // the packet being taken belongs to a TSO WQE
reg         i_last_reg;
reg [12:0]  i_len_reg;            // its length
reg [WW:0]  i_word_reg;           // beats taken
reg [3:0]   i_t_reg;              // I_PARSE / I_SUM step
reg [31:0]  ipb_reg, l4b_reg;     // template sums: IP header, L4 part
reg         wb_reg, rb_reg;       // bank written next, bank sent next
reg [1:0]   full_reg;             // bank holds a frame not yet sent
reg [1:0]   pend_reg;             // bank holds a frame whose checksums are being made
// TSO progress of the current WQE
reg [31:0]  seq_reg;
reg [15:0]  id_reg;
reg         first_reg;

// per-bank frame description
reg [12:0]  mb_len [0:1];
reg [7:0]   mb_tpn [0:1];         // bytes taken from the template
reg         mb_tso [0:1], mb_pip [0:1], mb_pl4 [0:1];
reg [15:0]  mb_tot [0:1], mb_id [0:1], mb_ipcs [0:1], mb_l4cs [0:1];
reg [31:0]  mb_seq [0:1];
reg [7:0]   mb_flags [0:1];

// output side state (used by the input side's acceptance rule)
localparam [1:0] O_IDLE = 2'd0, O_LOAD = 2'd1, O_HDR = 2'd2, O_PL = 2'd3;
reg [1:0]   o_state_reg;
// stored frames whose template is not yet loaded (a new template would
// overwrite theirs); a frame still being finished uses the template too
wire [1:0]  full_cnt = {1'b0, full_reg[0]} + {1'b0, full_reg[1]};
wire        loaded = o_state_reg == O_HDR || o_state_reg == O_PL;
wire        tpl_free = full_cnt == (loaded ? 2'd1 : 2'd0) && pend_reg == 2'b00;
wire        empty = full_reg == 2'b00 && pend_reg == 2'b00 && o_state_reg == O_IDLE;
wire        bank_free = !full_reg[wb_reg] && !pend_reg[wb_reg];

wire take_tpl   = s_hdr_valid && s_offload && s_tpl && tpl_free;
wire take_chunk = s_hdr_valid && s_offload && !s_tpl && s_tso && bank_free;
wire take_csum  = s_hdr_valid && s_offload && !s_tpl && !s_tso && bank_free && tpl_free;
wire pass_hdr   = i_state_reg == I_IDLE && empty && s_hdr_valid && !s_offload;
wire i_take     = i_state_reg == I_IDLE && (take_tpl || take_chunk || take_csum);

// the pass-through header fires when the arbiter takes it
wire pass_fire  = pass_hdr && m_hdr_ready;

wire i_store    = i_state_reg == I_TPL || i_state_reg == I_DATA;
wire pass_pl    = i_state_reg == I_PASS;
wire i_fire     = i_store && s_pl_tvalid;                      // the block always takes stored beats
wire i_we       = i_state_reg == I_DATA && i_fire;
wire i_end      = i_we && s_pl_tlast;                          // a chunk's or csum frame's last beat
assign s_pl_tready = i_store || (pass_pl && m_pl_tready);
assign s_hdr_ready = i_take || pass_fire;

// bank placement: chunk bytes go to offset hdr_sz, a csum frame's to 0
wire [7:0]  i_off = i_tso_reg ? hdr_reg : 8'd0;
wire [LK-1:0] i_rot = i_off[LK-1:0];
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0] i_q16 = {8'd0, i_off} >> LK;   // at most TPL / K
/* verilator lint_on UNUSEDSIGNAL */
wire [WW-1:0] i_q = i_q16[WW-1:0];

// ---------------------------------------------------------------------------
// Sum of the stored bytes, pipelined (S1 to S3, three cycles behind the
// beat): all of a chunk; of a csum frame the bytes from TPL to the end of the
// IPv4 packet (the rest is summed from the template registers). Bytes are
// paired as they lie in the beat (even lane the high byte).
// ---------------------------------------------------------------------------
localparam NW = K / 2;                    // 16-bit words per beat
localparam GW = (NW < 8) ? NW : 8;        // words per S2 group
localparam NG = NW / GW;                  // S2 groups (at most 4)

// S1: the beat's words, bytes that do not count zeroed
reg            s1_v, s1_first, s1_last;
reg [16*NW-1:0] s1_w;
// the frame's description travels with its last beat
reg [12:0]     s1_len;
reg            s1_fl, s1_bank, s1_tso;
reg [16*NW-1:0] s1_w_next;
reg [16:0]     sp;
integer si;
always @* begin
    for (si = 0; si < K; si = si + 1) begin
        sp = {5'd0, i_word_reg[WW-1:0], si[LK-1:0]};
        s1_w_next[8*(si ^ 1) +: 8] = (s_pl_tkeep[si] && (i_tso_reg || (sp >= {4'd0, TPL13} && sp < t_ipend))) ?
                                     s_pl_tdata[8*si +: 8] : 8'd0;
    end
end
always @(posedge clk) begin
    s1_v <= i_we;
    s1_w <= s1_w_next;
    s1_first <= i_word_reg == {(WW+1){1'b0}};
    s1_last <= i_end;
    s1_len <= i_len_reg;
    s1_fl <= i_last_reg;
    s1_bank <= wb_reg;
    s1_tso <= i_tso_reg;
    if (rst) s1_v <= 1'b0;
end

// S2: group sums
reg            s2_v, s2_first, s2_last;
reg [19*NG-1:0] s2_g;
reg [12:0]     s2_len;
reg            s2_fl, s2_bank, s2_tso;
reg [19*NG-1:0] s2_g_next;
integer g2, w2;
always @* begin
    for (g2 = 0; g2 < NG; g2 = g2 + 1) begin
        s2_g_next[19*g2 +: 19] = 19'd0;
        for (w2 = 0; w2 < GW; w2 = w2 + 1)
            s2_g_next[19*g2 +: 19] = s2_g_next[19*g2 +: 19] + {3'd0, s1_w[16*(g2*GW + w2) +: 16]};
    end
end
always @(posedge clk) begin
    s2_v <= s1_v;
    s2_g <= s2_g_next;
    s2_first <= s1_first;
    s2_last <= s1_last && s1_v;
    s2_len <= s1_len;
    s2_fl <= s1_fl;
    s2_bank <= s1_bank;
    s2_tso <= s1_tso;
    if (rst) s2_v <= 1'b0;
end

// S3: the running sum; at the frame's last beat its result (r_*)
reg [31:0]  i_sum_reg;
reg         r_v;                  // r_* hold a stored frame's sum, not yet finished
reg [31:0]  r_sum;
reg [12:0]  r_len;
reg         r_fl, r_bank, r_tso;
reg [31:0]  s3_sum;
integer g3;
always @* begin
    s3_sum = s2_first ? 32'd0 : i_sum_reg;
    for (g3 = 0; g3 < NG; g3 = g3 + 1)
        s3_sum = s3_sum + {13'd0, s2_g[19*g3 +: 19]};
end

// ---------------------------------------------------------------------------
// Template slice sums (I_SUM): 16 bytes a cycle, pipelined (T1 the slice's
// counted bytes, T2 the running sums)
// ---------------------------------------------------------------------------
wire       sum_issue = i_state_reg == I_SUM && i_t_reg <= TSLICE_LAST;
reg        t1_v;
reg [127:0] t1_ip, t1_l4;
/* verilator lint_off UNUSEDSIGNAL */
wire [127:0] t_slice = tpl_reg[{i_t_reg[2:0], 7'd0} +: 128];
/* verilator lint_on UNUSEDSIGNAL */
reg [127:0] t1_ip_next, t1_l4_next;
reg [7:0]   tp;
reg         in_ip, in_l4;
integer ti;
always @* begin
    for (ti = 0; ti < 16; ti = ti + 1) begin
        tp = {1'b0, i_t_reg[2:0], ti[3:0]};
        in_ip = t_ipv4 && tp >= t_l3 && tp < t_l4 &&
                !(tp >= t_ipc && tp < t_ipc2) &&
                !(i_tso_reg && tp >= t_tot_pos && tp < t_id_end);
        in_l4 = t_l4sum_ok && tp >= t_l4 && tp < t_l4hi &&
                !(tp >= t_cpos && tp < t_cpos2) &&
                !(i_tso_reg && ((tp >= t_seq_pos && tp < t_seq_end) ||
                                (tp >= t_flag_pos && tp < t_flag_end)));
        t1_ip_next[8*(ti ^ 1) +: 8] = in_ip ? t_slice[8*ti +: 8] : 8'd0;
        t1_l4_next[8*(ti ^ 1) +: 8] = in_l4 ? t_slice[8*ti +: 8] : 8'd0;
    end
end
always @(posedge clk) begin
    t1_v <= sum_issue;
    t1_ip <= t1_ip_next;
    t1_l4 <= t1_l4_next;
    if (rst) t1_v <= 1'b0;
end
reg [31:0] t_ipsum, t_l4sum;
integer tw;
always @* begin
    t_ipsum = ipb_reg;
    t_l4sum = l4b_reg;
    for (tw = 0; tw < 8; tw = tw + 1) begin
        t_ipsum = t_ipsum + {16'd0, t1_ip[16*tw +: 16]};
        t_l4sum = t_l4sum + {16'd0, t1_l4[16*tw +: 16]};
    end
end

// ---------------------------------------------------------------------------
// A stored frame's checksums and patch values, pipelined (F_A, F_B, then the
// bank description is written): a chunk's as soon as its sum is complete, a
// csum frame's once the template is summed too
// ---------------------------------------------------------------------------
wire fa_go = r_v && (r_tso || (i_state_reg == I_SUM && i_t_reg == TSLICE_LAST + 4'd3));
// F_A
reg         fa_v, fa_tso, fa_bank, fa_ipok, fa_l4ok;
reg [15:0]  fa_data, fa_tot, fa_l4len, fa_id;
reg [31:0]  fa_seq;
reg [7:0]   fa_flags, fa_tpn;
reg [12:0]  fa_len;
// F_B
reg         fb_v, fb_tso, fb_bank, fb_ipok, fb_l4ok;
reg [31:0]  fb_ip, fb_l4;
reg [15:0]  fb_tot, fb_id;
reg [31:0]  fb_seq;
reg [7:0]   fb_flags, fb_tpn;
reg [12:0]  fb_len;
// F_C
wire [15:0] fc_ipcs = ~fold(fb_ip);
wire [15:0] fc_l4cs0 = ~fold(fb_l4);
wire [15:0] fc_l4cs = (!fb_tso && t_udp && fc_l4cs0 == 16'd0) ? 16'hFFFF : fc_l4cs0;

// F_A: the data sum folded (a chunk at an odd offset pairs its bytes the
// other way round), lengths, flags, the checks of a csum frame
wire [15:0] d = fold(r_sum);
always @(posedge clk) begin
    fa_v <= fa_go;
    fa_tso <= r_tso;
    fa_bank <= r_bank;
    fa_data <= (r_tso && hdr_reg[0]) ? {d[7:0], d[15:8]} : d;
    fa_tot <= {8'd0, hdr_reg} - {8'd0, t_l3} + {3'd0, r_len};
    fa_l4len <= r_tso ? {8'd0, hdr_reg} - {8'd0, t_l4} + {3'd0, r_len} : t_tot - {8'd0, t_ihl4};
    fa_flags <= t_flags & ~(first_reg ? 8'h00 : 8'h80) & ~(r_fl ? 8'h00 : 8'h09);
    fa_seq <= seq_reg;
    fa_id <= id_reg;
    fa_len <= r_tso ? {5'd0, hdr_reg} + r_len : r_len;
    fa_tpn <= r_tso ? hdr_reg : ((r_len > TPL13) ? TPL8 : r_len[7:0]);
    fa_ipok <= r_tso ? t_tso_ok : (t_ipv4 && {5'd0, t_l4} <= r_len);
    fa_l4ok <= r_tso ? t_tso_ok :
               (t_ipv4 && t_frag == 14'd0 && t_ipend <= {4'd0, r_len} &&
                ((t_tcp && t_tot >= {8'd0, t_l4min_tcp}) || (t_udp && t_tot >= {8'd0, t_l4min_udp})));
    // F_B: the sums before folding
    fb_v <= fa_v;
    fb_tso <= fa_tso;
    fb_bank <= fa_bank;
    fb_ipok <= fa_ipok;
    fb_l4ok <= fa_l4ok;
    fb_ip <= fa_tso ? ipb_reg + ({16'd0, fa_tot} + {16'd0, fa_id}) : ipb_reg;
    fb_l4 <= (l4b_reg + t_pseudo) + ({16'd0, fa_l4len} + {16'd0, fa_data}) +
             (fa_tso ? ({16'd0, fa_seq[31:16]} + {16'd0, fa_seq[15:0]}) + {16'd0, t_doff, fa_flags} : 32'd0);
    fb_tot <= fa_tot;
    fb_id <= fa_id;
    fb_seq <= fa_seq;
    fb_flags <= fa_flags;
    fb_tpn <= fa_tpn;
    fb_len <= fa_len;
    // F_C: the bank's description
    if (fb_v) begin
        mb_tso[fb_bank] <= fb_tso;
        mb_flags[fb_bank] <= fb_flags;
        mb_seq[fb_bank] <= fb_seq;
        mb_id[fb_bank] <= fb_id;
        mb_tot[fb_bank] <= fb_tot;
        mb_len[fb_bank] <= fb_len;
        mb_tpn[fb_bank] <= fb_tpn;
        mb_pip[fb_bank] <= fb_ipok;
        mb_pl4[fb_bank] <= fb_l4ok;
        mb_ipcs[fb_bank] <= fc_ipcs;
        mb_l4cs[fb_bank] <= fc_l4cs;
    end
    if (rst) begin
        fa_v <= 1'b0;
        fb_v <= 1'b0;
    end
end

// the input beat with its unkept bytes zero
reg [DATA_W-1:0] i_kept;
integer kb;
always @* begin
    for (kb = 0; kb < K; kb = kb + 1)
        i_kept[8*kb +: 8] = s_pl_tkeep[kb] ? s_pl_tdata[8*kb +: 8] : 8'd0;
end

integer bi;
always @(posedge clk) begin
    case (i_state_reg)
    I_IDLE: begin
        i_word_reg <= {(WW+1){1'b0}};
        i_t_reg <= 4'd0;
        if (pass_fire && s_hdr_len != 13'd0) begin
            i_state_reg <= I_PASS;
        end else if (i_take) begin
            i_tso_reg <= s_tso;
            i_last_reg <= s_last;
            i_len_reg <= s_hdr_len;
            if (s_tpl || !s_tso)
                tpl_reg <= {TPL_W{1'b0}};
            if (s_tpl)
                hdr_reg <= (s_hdr_len > TPL13) ? TPL8 : s_hdr_len[7:0];
            i_state_reg <= s_tpl ? I_TPL : I_DATA;
        end
    end
    I_PASS: begin
        if (s_pl_tvalid && m_pl_tready && s_pl_tlast)
            i_state_reg <= I_IDLE;
    end
    I_TPL, I_DATA: begin
        if (i_fire) begin
            // template bytes: the template, or a csum frame's first TPL bytes
            if ((i_state_reg == I_TPL || !i_tso_reg) && i_word_reg < TBEATS[WW:0]) begin
                // one write per template beat: the beat number selects which
                for (bi = 0; bi < TBEATS; bi = bi + 1)
                    if (i_word_reg == bi[WW:0])
                        tpl_reg[bi*DATA_W +: DATA_W] <= i_kept;
            end
            i_word_reg <= i_word_reg + 1'b1;
            if (s_pl_tlast)
                i_state_reg <= (i_state_reg == I_DATA && i_tso_reg) ? I_IDLE : I_PARSE;
        end
    end
    I_PARSE: begin
        // three cycles: tpl_reg, then P1, then P2 hold the final template
        ipb_reg <= 32'd0;
        l4b_reg <= 32'd0;
        i_t_reg <= i_t_reg + 1'b1;
        if (i_t_reg == 4'd2) begin
            i_t_reg <= 4'd0;
            i_state_reg <= I_SUM;
        end
    end
    I_SUM: begin
        // slices 0 .. TSLICE_LAST issued, then three cycles for T1, T2 and
        // the last sum to land
        i_t_reg <= i_t_reg + 1'b1;
        if (i_t_reg == TSLICE_LAST + 4'd3) begin
            if (i_tso_reg) begin
                // the template: the first segment's sequence number and ID
                seq_reg <= t_seq;
                id_reg <= t_id;
                first_reg <= 1'b1;
            end
            i_state_reg <= I_IDLE;
        end
    end
    default: i_state_reg <= I_IDLE;
    endcase
    if (t1_v) begin
        ipb_reg <= t_ipsum;
        l4b_reg <= t_l4sum;
    end
    // S3
    if (s2_v) begin
        i_sum_reg <= s3_sum;
        if (s2_last) begin
            r_sum <= s3_sum;
            r_len <= s2_len;
            r_fl <= s2_fl;
            r_bank <= s2_bank;
            r_tso <= s2_tso;
        end
    end
    if (s2_v && s2_last) r_v <= 1'b1;
    else if (fa_go) r_v <= 1'b0;
    // F_A: a chunk moves the WQE on
    if (fa_go && r_tso) begin
        seq_reg <= seq_reg + {19'd0, r_len};
        id_reg <= id_reg + 16'd1;
        first_reg <= 1'b0;
    end
    if (rst) begin
        i_state_reg <= I_IDLE;
        i_tso_reg <= 1'b0;
        i_last_reg <= 1'b0;
        i_len_reg <= 13'd0;
        i_word_reg <= {(WW+1){1'b0}};
        i_sum_reg <= 32'd0;
        i_t_reg <= 4'd0;
        hdr_reg <= 8'd0;
        seq_reg <= 32'd0;
        id_reg <= 16'd0;
        first_reg <= 1'b0;
        r_v <= 1'b0;
    end
end

// ---------------------------------------------------------------------------
// Frame banks: one byte-wide RAM per lane, written rotated, read per word
// ---------------------------------------------------------------------------
reg  [WW:0]   o_rd_reg;            // next word to read
reg  [WW:0]   o_w_reg;             // word held in o_data
reg           o_v_reg;             // o_data holds a beat not yet sent
reg  [WW:0]   o_nb_reg;            // beats of the frame
reg  [WW:0]   o_nbm1_reg;          // its last beat
wire [DATA_W-1:0] o_data;
wire          o_last_beat = o_w_reg == o_nbm1_reg;
wire          o_pl_fire = o_state_reg == O_PL && o_v_reg && m_pl_tready;
wire          o_done = o_pl_fire && o_last_beat;
wire          o_take = o_state_reg == O_IDLE || o_done;
wire          o_next = (o_state_reg == O_IDLE) ? rb_reg : ~rb_reg;
wire          o_ld = (o_state_reg == O_HDR || o_state_reg == O_PL) && o_rd_reg < o_nb_reg &&
                     (!o_v_reg || o_pl_fire);

genvar gj;
generate
for (gj = 0; gj < K; gj = gj + 1) begin : lane
    reg  [7:0] mem [0:2*BW-1];
    reg  [7:0] rd;
    // input lane src lands here; lanes below the rotation go one word on
    localparam [LK-1:0] GJ = gj;
    wire [LK-1:0] src = GJ - i_rot;
    /* verilator lint_off CMPCONST */
    wire          carry = GJ < i_rot;
    /* verilator lint_on CMPCONST */
    wire [WW:0]   word = i_word_reg + {1'b0, i_q} + {{WW{1'b0}}, carry};
    always @(posedge clk) begin
        if (i_we && s_pl_tkeep[src] && !word[WW])
            mem[{wb_reg, word[WW-1:0]}] <= s_pl_tdata[8*src +: 8];
        if (o_ld)
            rd <= mem[{rb_reg, o_rd_reg[WW-1:0]}];
    end
    assign o_data[8*gj +: 8] = rd;
end
endgenerate

// ---------------------------------------------------------------------------
// Output side
// ---------------------------------------------------------------------------
// The sent bank's description (mb_*[rb_reg], which stays until the frame is
// sent: no frame is stored into a full bank), taken in O_IDLE or as the
// previous frame's last beat leaves (o_take)
reg [12:0]      o_len_reg;
reg [7:0]       o_tpn_reg, o_flags_reg;
reg             o_tso_reg, o_pip_reg, o_pl4_reg;
reg [15:0]      o_tot_reg, o_id_reg, o_ipcs_reg, o_l4cs_reg;
reg [31:0]      o_seq_reg;
reg [TPL_W-1:0] tpl_out_reg;

// P3: the template bytes each written field covers, one bit per byte (from
// P2; the output side loads a template at least 14 cycles after its last
// change, see I_PARSE and I_SUM)
reg [TPL-1:0] h_ipc0, h_ipc1, h_tot0, h_tot1, h_id0, h_id1;
reg [TPL-1:0] h_seq0, h_seq1, h_seq2, h_seq3, h_flg, h_cs0, h_cs1;
always @(posedge clk) begin
    h_ipc0 <= {{(TPL-1){1'b0}}, 1'b1} << t_ipc[6:0];
    h_ipc1 <= {{(TPL-2){1'b0}}, 2'b10} << t_ipc[6:0];
    h_tot0 <= {{(TPL-1){1'b0}}, 1'b1} << t_tot_pos[6:0];
    h_tot1 <= {{(TPL-2){1'b0}}, 2'b10} << t_tot_pos[6:0];
    h_id0  <= {{(TPL-1){1'b0}}, 1'b1} << t_id_pos;
    h_id1  <= {{(TPL-2){1'b0}}, 2'b10} << t_id_pos;
    h_seq0 <= {{(TPL-1){1'b0}}, 1'b1} << t_seq_pos[6:0];
    h_seq1 <= {{(TPL-2){1'b0}}, 2'b10} << t_seq_pos[6:0];
    h_seq2 <= {{(TPL-3){1'b0}}, 3'b100} << t_seq_pos[6:0];
    h_seq3 <= {{(TPL-4){1'b0}}, 4'b1000} << t_seq_pos[6:0];
    h_flg  <= {{(TPL-1){1'b0}}, 1'b1} << t_flg_pos;
    h_cs0  <= {{(TPL-1){1'b0}}, 1'b1} << t_cpos[6:0];
    h_cs1  <= {{(TPL-2){1'b0}}, 2'b10} << t_cpos[6:0];
end
// the fields written into the sent bank's template: the IPv4 checksum; for
// a TSO segment of a usable template total length, ID, sequence number and
// flags; the L4 checksum. No two of them share a byte (the IPv4 fields lie
// in the 20-byte IPv4 header, the L4 ones behind it, TCP's at 4..7, 13 and
// 16..17, UDP's at 6..7), so each byte is an OR of what covers it.
wire            o_tso_pip = o_tso_reg && o_pip_reg;
wire [TPL-1:0]  o_cover = ((h_ipc0 | h_ipc1) & {TPL{o_pip_reg}}) |
                          ((h_tot0 | h_tot1 | h_id0 | h_id1 | h_seq0 | h_seq1 | h_seq2 | h_seq3 | h_flg) &
                           {TPL{o_tso_pip}}) |
                          ((h_cs0 | h_cs1) & {TPL{o_pl4_reg}});
integer pb;

/* verilator lint_off UNUSEDSIGNAL */
wire [12:0]   o_nb13 = (o_len_reg + K13 - 13'd1) >> LK;
/* verilator lint_on UNUSEDSIGNAL */
reg  [DATA_W-1:0] o_tpl_beat;      // template bytes of output word o_w_reg
integer ob;
always @* begin
    o_tpl_beat = {DATA_W{1'b0}};
    for (ob = 0; ob < TBEATS; ob = ob + 1)
        if (o_w_reg == ob[WW:0]) o_tpl_beat = tpl_out_reg[ob*DATA_W +: DATA_W];
end
reg  [DATA_W-1:0] o_beat;
reg  [K-1:0]      o_keep;
reg  [12:0]       op;
integer oi;
always @* begin
    for (oi = 0; oi < K; oi = oi + 1) begin
        op = {1'b0, o_w_reg[WW-1:0], oi[LK-1:0]};
        o_beat[8*oi +: 8] = (op < {5'd0, o_tpn_reg}) ? o_tpl_beat[8*oi +: 8] : o_data[8*oi +: 8];
        o_keep[oi] = op < o_len_reg;
    end
end

always @(posedge clk) begin
    case (o_state_reg)
    O_IDLE: begin
        o_v_reg <= 1'b0;
        if (full_reg[rb_reg])
            o_state_reg <= O_LOAD;
    end
    O_LOAD: begin
        // the bank's template with its fields written (computed here only,
        // so a simulator evaluates it once per frame)
        for (pb = 0; pb < TPL; pb = pb + 1)
            tpl_out_reg[8*pb +: 8] <=
                ({8{!o_cover[pb]}} & tpl_reg[8*pb +: 8]) |
                ({8{h_ipc0[pb] && o_pip_reg}} & o_ipcs_reg[15:8]) |
                ({8{h_ipc1[pb] && o_pip_reg}} & o_ipcs_reg[7:0]) |
                ({8{h_tot0[pb] && o_tso_pip}} & o_tot_reg[15:8]) |
                ({8{h_tot1[pb] && o_tso_pip}} & o_tot_reg[7:0]) |
                ({8{h_id0[pb] && o_tso_pip}} & o_id_reg[15:8]) |
                ({8{h_id1[pb] && o_tso_pip}} & o_id_reg[7:0]) |
                ({8{h_seq0[pb] && o_tso_pip}} & o_seq_reg[31:24]) |
                ({8{h_seq1[pb] && o_tso_pip}} & o_seq_reg[23:16]) |
                ({8{h_seq2[pb] && o_tso_pip}} & o_seq_reg[15:8]) |
                ({8{h_seq3[pb] && o_tso_pip}} & o_seq_reg[7:0]) |
                ({8{h_flg[pb] && o_tso_pip}} & o_flags_reg) |
                ({8{h_cs0[pb] && o_pl4_reg}} & o_l4cs_reg[15:8]) |
                ({8{h_cs1[pb] && o_pl4_reg}} & o_l4cs_reg[7:0]);
        o_nb_reg <= o_nb13[WW:0];
        o_nbm1_reg <= o_nb13[WW:0] - 1'b1;
        o_state_reg <= O_HDR;
    end
    O_HDR: begin
        if (m_hdr_ready)
            o_state_reg <= O_PL;
    end
    O_PL: begin
        // the next bank's frame, if it is there, is loaded right away
        if (o_done) begin
            o_state_reg <= full_reg[~rb_reg] ? O_LOAD : O_IDLE;
            rb_reg <= ~rb_reg;
        end
    end
    default: o_state_reg <= O_IDLE;
    endcase
    // the description of the frame sent next: in O_IDLE, and as the last
    // beat of the previous one leaves
    if (o_take) begin
        o_rd_reg <= {(WW+1){1'b0}};
        o_len_reg <= mb_len[o_next];
        o_tpn_reg <= mb_tpn[o_next];
        o_flags_reg <= mb_flags[o_next];
        o_tso_reg <= mb_tso[o_next];
        o_pip_reg <= mb_pip[o_next];
        o_pl4_reg <= mb_pl4[o_next];
        o_tot_reg <= mb_tot[o_next];
        o_id_reg <= mb_id[o_next];
        o_ipcs_reg <= mb_ipcs[o_next];
        o_l4cs_reg <= mb_l4cs[o_next];
        o_seq_reg <= mb_seq[o_next];
    end
    if (o_ld) begin
        o_rd_reg <= o_rd_reg + 1'b1;
        o_w_reg <= o_rd_reg;
        o_v_reg <= 1'b1;
    end else if (o_pl_fire) begin
        o_v_reg <= 1'b0;
    end
    // bank occupancy: pending from the frame's last beat until its
    // description is written, then full until it was sent
    if (i_end) begin
        pend_reg[wb_reg] <= 1'b1;
        wb_reg <= ~wb_reg;
    end
    if (fb_v) begin
        pend_reg[fb_bank] <= 1'b0;
        full_reg[fb_bank] <= 1'b1;
    end
    if (o_done)
        full_reg[rb_reg] <= 1'b0;
    if (rst) begin
        o_state_reg <= O_IDLE;
        o_rd_reg <= {(WW+1){1'b0}};
        o_w_reg <= {(WW+1){1'b0}};
        o_v_reg <= 1'b0;
        wb_reg <= 1'b0;
        rb_reg <= 1'b0;
        full_reg <= 2'b00;
        pend_reg <= 2'b00;
    end
end

wire own_hdr = o_state_reg == O_HDR;
assign m_hdr_own    = own_hdr;
assign m_hdr_opcode = own_hdr ? `RNIC_RAW_OPCODE : s_hdr_opcode;
assign m_hdr_len    = own_hdr ? o_len_reg : s_hdr_len;
assign m_hdr_valid  = own_hdr || pass_hdr;
assign m_pl_tdata   = pass_pl ? s_pl_tdata : o_beat;
assign m_pl_tkeep   = pass_pl ? s_pl_tkeep : o_keep;
assign m_pl_tlast   = pass_pl ? s_pl_tlast : o_last_beat;
assign m_pl_tvalid  = pass_pl ? s_pl_tvalid : (o_state_reg == O_PL && o_v_reg);

assign stat_tso_seg = o_done && o_tso_reg;
assign stat_csum    = o_done && (o_pip_reg || o_pl4_reg);

endmodule

`default_nettype wire
