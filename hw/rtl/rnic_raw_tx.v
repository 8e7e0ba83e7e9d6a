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
// cycle), presents the header (RAW_OPCODE, the frame length), then streams
// the bank (one synchronous read per beat; bytes below the template length
// come from tpl_out_reg). A new template or csum frame is taken only when
// every stored frame has had its template loaded, since it overwrites the
// template registers.
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
// a 16-bit field at byte position p of a little-lane vector (first wire byte
// in the low lane): {value[7:0], value[15:8]}
function [15:0] be16;
    input [15:0] v;
    be16 = {v[7:0], v[15:8]};
endfunction

wire s_raw     = s_hdr_opcode == `RNIC_RAW_OPCODE;
wire s_offload = s_raw && s_hdr_off[3];
wire s_tso     = s_hdr_off[2];
wire s_tpl     = s_hdr_off[1];
wire s_last    = s_hdr_off[0];

// ---------------------------------------------------------------------------
// Template registers and their parse
// ---------------------------------------------------------------------------
reg [TPL_W-1:0] tpl_reg;
reg [7:0]       hdr_reg;                  // TSO: template bytes

/* verilator lint_off UNUSEDSIGNAL */
function [7:0] tb;                        // template byte at position p (below TPL)
    input [TPL_W-1:0] t;
    input [7:0] p;
/* verilator lint_on UNUSEDSIGNAL */
    tb = t[{p[6:0], 3'b000} +: 8];
endfunction

wire        t_vlan  = {tb(tpl_reg, 8'd12), tb(tpl_reg, 8'd13)} == 16'h8100;
wire [7:0]  t_l3    = t_vlan ? 8'd18 : 8'd14;
wire [15:0] t_etype = t_vlan ? {tb(tpl_reg, 8'd16), tb(tpl_reg, 8'd17)} : {tb(tpl_reg, 8'd12), tb(tpl_reg, 8'd13)};
wire [7:0]  t_vihl  = tb(tpl_reg, t_l3);
wire [7:0]  t_ihl4  = {2'b00, t_vihl[3:0], 2'b00};
wire        t_ipv4  = t_etype == 16'h0800 && t_vihl[7:4] == 4'd4 && t_vihl[3:0] >= 4'd5;
wire [7:0]  t_l4    = t_l3 + t_ihl4;
wire [15:0] t_tot   = {tb(tpl_reg, t_l3 + 8'd2), tb(tpl_reg, t_l3 + 8'd3)};
wire [15:0] t_id    = {tb(tpl_reg, t_l3 + 8'd4), tb(tpl_reg, t_l3 + 8'd5)};
/* verilator lint_off UNUSEDSIGNAL */
wire [7:0]  t_frag_h = tb(tpl_reg, t_l3 + 8'd6);   // [7:6] reserved and DF
/* verilator lint_on UNUSEDSIGNAL */
wire [13:0] t_frag  = {t_frag_h[5:0], tb(tpl_reg, t_l3 + 8'd7)};   // MF and fragment offset
wire [7:0]  t_proto = tb(tpl_reg, t_l3 + 8'd9);
wire [15:0] t_src_h = {tb(tpl_reg, t_l3 + 8'd12), tb(tpl_reg, t_l3 + 8'd13)};
wire [15:0] t_src_l = {tb(tpl_reg, t_l3 + 8'd14), tb(tpl_reg, t_l3 + 8'd15)};
wire [15:0] t_dst_h = {tb(tpl_reg, t_l3 + 8'd16), tb(tpl_reg, t_l3 + 8'd17)};
wire [15:0] t_dst_l = {tb(tpl_reg, t_l3 + 8'd18), tb(tpl_reg, t_l3 + 8'd19)};
wire [31:0] t_seq   = {tb(tpl_reg, t_l4 + 8'd4), tb(tpl_reg, t_l4 + 8'd5),
                       tb(tpl_reg, t_l4 + 8'd6), tb(tpl_reg, t_l4 + 8'd7)};
wire [7:0]  t_doff  = tb(tpl_reg, t_l4 + 8'd12);
wire [7:0]  t_flags = tb(tpl_reg, t_l4 + 8'd13);
wire        t_tcp   = t_proto == 8'd6;
wire        t_udp   = t_proto == 8'd17;
wire [7:0]  t_cpos  = t_l4 + (t_tcp ? 8'd16 : 8'd6);      // L4 checksum field
wire [16:0] t_ipend = {9'd0, t_l3} + {1'b0, t_tot};          // end of the IPv4 packet in the frame
// TSO: an IPv4 / TCP template that holds the whole TCP header
wire        t_tso_ok = t_ipv4 && t_tcp && {1'b0, hdr_reg} >= {1'b0, t_l4} + 9'd20;
// pseudo header without the L4 length
wire [31:0] t_pseudo = {16'd0, t_src_h} + {16'd0, t_src_l} + {16'd0, t_dst_h} + {16'd0, t_dst_l} +
                       {24'd0, t_proto};

// ---------------------------------------------------------------------------
// Input side
// ---------------------------------------------------------------------------
localparam [2:0] I_IDLE = 3'd0,   // wait for a header
                 I_PASS = 3'd1,   // a passed-through header was taken: pass its payload
                 I_TPL  = 3'd2,   // take the template's bytes
                 I_DATA = 3'd3,   // store a chunk or a csum frame
                 I_SUM  = 3'd4,   // sum the template registers
                 I_FIN  = 3'd5;   // the stored frame's checksums and patch values

reg [2:0]   i_state_reg;
reg         i_tso_reg;            // the packet being taken belongs to a TSO WQE
reg         i_last_reg;
reg [12:0]  i_len_reg;            // its length
reg [WW:0]  i_word_reg;           // beats taken
reg [31:0]  i_sum_reg;            // sum of the stored bytes (see s_psum)
reg [3:0]   i_t_reg;              // I_SUM slice
reg [31:0]  ipb_reg, l4b_reg;     // template sums: IP header, L4 part
reg         wb_reg, rb_reg;       // bank written next, bank sent next
reg [1:0]   full_reg;             // bank holds a frame not yet sent
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
// overwrite theirs)
wire [1:0]  full_cnt = {1'b0, full_reg[0]} + {1'b0, full_reg[1]};
wire        loaded = o_state_reg == O_HDR || o_state_reg == O_PL;
wire        tpl_free = full_cnt == (loaded ? 2'd1 : 2'd0);
wire        empty = full_reg == 2'b00 && o_state_reg == O_IDLE;

wire take_tpl   = s_hdr_valid && s_offload && s_tpl && tpl_free;
wire take_chunk = s_hdr_valid && s_offload && !s_tpl && s_tso && !full_reg[wb_reg];
wire take_csum  = s_hdr_valid && s_offload && !s_tpl && !s_tso && !full_reg[wb_reg] && tpl_free;
wire pass_hdr   = i_state_reg == I_IDLE && empty && s_hdr_valid && !s_offload;
wire i_take     = i_state_reg == I_IDLE && (take_tpl || take_chunk || take_csum);

// the pass-through header fires when the arbiter takes it
wire pass_fire  = pass_hdr && m_hdr_ready;

wire i_store    = i_state_reg == I_TPL || i_state_reg == I_DATA;
wire pass_pl    = i_state_reg == I_PASS;
wire i_fire     = i_store && s_pl_tvalid;                      // the block always takes stored beats
assign s_pl_tready = i_store || (pass_pl && m_pl_tready);
assign s_hdr_ready = i_take || pass_fire;

// byte position of this beat's lane 0 in the packet
wire [12:0] i_pos = {1'b0, i_word_reg[WW-1:0], {LK{1'b0}}};
// bank placement: chunk bytes go to offset hdr_sz, a csum frame's to 0
wire [7:0]  i_off = i_tso_reg ? hdr_reg : 8'd0;
wire [LK-1:0] i_rot = i_off[LK-1:0];
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0] i_q16 = {8'd0, i_off} >> LK;   // at most TPL / K
/* verilator lint_on UNUSEDSIGNAL */
wire [WW-1:0] i_q = i_q16[WW-1:0];

// sum of this beat's bytes that count: all of a chunk; of a csum frame the
// bytes from TPL to the end of the IPv4 packet (the rest is in the template)
reg [31:0] s_psum;
reg [16:0] sp;
integer si;
always @* begin
    s_psum = 32'd0;
    for (si = 0; si < K; si = si + 1) begin
        sp = {4'd0, i_pos} + si[16:0];
        if (s_pl_tkeep[si] && (i_tso_reg || (sp >= {4'd0, TPL13} && sp < t_ipend)))
            s_psum = s_psum + ((si % 2 == 0) ? {16'd0, s_pl_tdata[8*si +: 8], 8'd0}
                                             : {24'd0, s_pl_tdata[8*si +: 8]});
    end
end

// template slice sums (I_SUM): 16 bytes a cycle
reg [31:0] t_ipsum, t_l4sum;
integer ti;
reg [7:0] tp;
reg       in_ip, in_l4;
wire [7:0] t_l4hi = i_tso_reg ? hdr_reg : ((t_ipend < {9'd0, TPL8}) ? t_ipend[7:0] : TPL8);
always @* begin
    t_ipsum = 32'd0;
    t_l4sum = 32'd0;
    for (ti = 0; ti < 16; ti = ti + 1) begin
        tp = {i_t_reg[2:0], 4'd0} + ti[7:0];
        in_ip = t_ipv4 && tp >= t_l3 && tp < t_l3 + t_ihl4 &&
                !(tp >= t_l3 + 8'd10 && tp < t_l3 + 8'd12) &&
                !(i_tso_reg && tp >= t_l3 + 8'd2 && tp < t_l3 + 8'd6);
        in_l4 = t_ipv4 && (t_tcp || t_udp) && tp >= t_l4 && tp < t_l4hi &&
                !(tp >= t_cpos && tp < t_cpos + 8'd2) &&
                !(i_tso_reg && ((tp >= t_l4 + 8'd4 && tp < t_l4 + 8'd8) ||
                                (tp >= t_l4 + 8'd12 && tp < t_l4 + 8'd14)));
        if (in_ip)
            t_ipsum = t_ipsum + ((ti % 2 == 0) ? {16'd0, tb(tpl_reg, tp), 8'd0} : {24'd0, tb(tpl_reg, tp)});
        if (in_l4)
            t_l4sum = t_l4sum + ((ti % 2 == 0) ? {16'd0, tb(tpl_reg, tp), 8'd0} : {24'd0, tb(tpl_reg, tp)});
    end
end

// I_FIN: the stored frame's values
wire [15:0] f_csum_data = fold(i_sum_reg);
// a chunk at an odd offset pairs its bytes the other way round
wire [15:0] f_data = (i_tso_reg && hdr_reg[0]) ? {f_csum_data[7:0], f_csum_data[15:8]} : f_csum_data;
// TSO segment
wire [15:0] f_tot   = {8'd0, hdr_reg} - {8'd0, t_l3} + {3'd0, i_len_reg};
wire [15:0] f_l4len = {8'd0, hdr_reg} - {8'd0, t_l4} + {3'd0, i_len_reg};
wire [7:0]  f_flags = t_flags & ~(first_reg ? 8'h00 : 8'h80) & ~(i_last_reg ? 8'h00 : 8'h09);
wire [15:0] f_ipcs_tso = ~fold(ipb_reg + {16'd0, f_tot} + {16'd0, id_reg});
wire [15:0] f_l4cs_tso = ~fold(l4b_reg + t_pseudo + {16'd0, f_l4len} + {16'd0, seq_reg[31:16]} +
                               {16'd0, seq_reg[15:0]} + {16'd0, t_doff, f_flags} + {16'd0, f_data});
// csum frame
wire        f_ip_ok = t_ipv4 && {5'd0, t_l3} + {5'd0, t_ihl4} <= i_len_reg;
wire        f_l4_ok = t_ipv4 && t_frag == 14'd0 && t_ipend <= {4'd0, i_len_reg} &&
                      ((t_tcp && t_tot >= {8'd0, t_ihl4} + 16'd20) || (t_udp && t_tot >= {8'd0, t_ihl4} + 16'd8));
wire [15:0] f_l4len_c = t_tot - {8'd0, t_ihl4};
wire [15:0] f_ipcs_c = ~fold(ipb_reg);
wire [15:0] f_l4cs_c0 = ~fold(l4b_reg + t_pseudo + {16'd0, f_l4len_c} + {16'd0, f_data});
wire [15:0] f_l4cs_c = (t_udp && f_l4cs_c0 == 16'd0) ? 16'hFFFF : f_l4cs_c0;

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
        i_sum_reg <= 32'd0;
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
            if (i_state_reg == I_DATA)
                i_sum_reg <= i_sum_reg + s_psum;
            i_word_reg <= i_word_reg + 1'b1;
            if (s_pl_tlast)
                i_state_reg <= (i_state_reg == I_DATA && i_tso_reg) ? I_FIN : I_SUM;
        end
    end
    I_SUM: begin
        ipb_reg <= (i_t_reg == 4'd0 ? 32'd0 : ipb_reg) + t_ipsum;
        l4b_reg <= (i_t_reg == 4'd0 ? 32'd0 : l4b_reg) + t_l4sum;
        i_t_reg <= i_t_reg + 1'b1;
        if (i_t_reg == TSLICE_LAST) begin
            if (i_tso_reg) begin
                // the template: the first segment's sequence number and ID
                seq_reg <= t_seq;
                id_reg <= t_id;
                first_reg <= 1'b1;
                i_state_reg <= I_IDLE;
            end else begin
                i_state_reg <= I_FIN;
            end
        end
    end
    I_FIN: begin
        mb_tso[wb_reg] <= i_tso_reg;
        mb_flags[wb_reg] <= f_flags;
        mb_seq[wb_reg] <= seq_reg;
        mb_id[wb_reg] <= id_reg;
        mb_tot[wb_reg] <= f_tot;
        if (i_tso_reg) begin
            mb_len[wb_reg] <= {5'd0, hdr_reg} + i_len_reg;
            mb_tpn[wb_reg] <= hdr_reg;
            mb_pip[wb_reg] <= t_tso_ok;
            mb_pl4[wb_reg] <= t_tso_ok;
            mb_ipcs[wb_reg] <= f_ipcs_tso;
            mb_l4cs[wb_reg] <= f_l4cs_tso;
            seq_reg <= seq_reg + {19'd0, i_len_reg};
            id_reg <= id_reg + 16'd1;
            first_reg <= 1'b0;
        end else begin
            mb_len[wb_reg] <= i_len_reg;
            mb_tpn[wb_reg] <= (i_len_reg > TPL13) ? TPL8 : i_len_reg[7:0];
            mb_pip[wb_reg] <= f_ip_ok;
            mb_pl4[wb_reg] <= f_l4_ok;
            mb_ipcs[wb_reg] <= f_ipcs_c;
            mb_l4cs[wb_reg] <= f_l4cs_c;
        end
        i_state_reg <= I_IDLE;
    end
    default: i_state_reg <= I_IDLE;
    endcase
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
    end
end

// ---------------------------------------------------------------------------
// Frame banks: one byte-wide RAM per lane, written rotated, read per word
// ---------------------------------------------------------------------------
reg  [WW:0]   o_rd_reg;            // next word to read
reg  [WW:0]   o_w_reg;             // word held in o_data
reg           o_v_reg;             // o_data holds a beat not yet sent
wire [DATA_W-1:0] o_data;
wire [12:0]   o_len = mb_len[rb_reg];
/* verilator lint_off UNUSEDSIGNAL */
wire [12:0]   o_nb13 = (o_len + K13 - 13'd1) >> LK;
/* verilator lint_on UNUSEDSIGNAL */
wire [WW:0]   o_nb = o_nb13[WW:0];  // beats of the frame
wire          o_pl_fire = o_state_reg == O_PL && o_v_reg && m_pl_tready;
wire          o_ld = (o_state_reg == O_HDR || o_state_reg == O_PL) && o_rd_reg < o_nb &&
                     (!o_v_reg || o_pl_fire);
wire          i_we = i_state_reg == I_DATA && i_fire;

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
reg [TPL_W-1:0] tpl_out_reg;
// the sent bank's description stays in mb_*[rb_reg] until it is sent (no
// frame is stored into a full bank)
wire [7:0]      o_tpn = mb_tpn[rb_reg];

// the bank's template with its fields written
reg [TPL_W-1:0] tpl_patch;
always @* begin
    tpl_patch = tpl_reg;
    if (mb_pip[rb_reg])
        tpl_patch[{t_l3[6:0] + 7'd10, 3'b000} +: 16] = be16(mb_ipcs[rb_reg]);
    if (mb_tso[rb_reg] && mb_pip[rb_reg]) begin   // a TSO segment of a usable template
        tpl_patch[{t_l3[6:0] + 7'd2, 3'b000} +: 16] = be16(mb_tot[rb_reg]);
        tpl_patch[{t_l3[6:0] + 7'd4, 3'b000} +: 16] = be16(mb_id[rb_reg]);
        tpl_patch[{t_l4[6:0] + 7'd4, 3'b000} +: 32] = {mb_seq[rb_reg][7:0], mb_seq[rb_reg][15:8],
                                                       mb_seq[rb_reg][23:16], mb_seq[rb_reg][31:24]};
        tpl_patch[{t_l4[6:0] + 7'd13, 3'b000} +: 8] = mb_flags[rb_reg];
    end
    if (mb_pl4[rb_reg])
        tpl_patch[{t_cpos[6:0], 3'b000} +: 16] = be16(mb_l4cs[rb_reg]);
end

wire [WW:0]   o_w = o_w_reg;
wire [12:0]   o_pos = {1'b0, o_w[WW-1:0], {LK{1'b0}}};
reg  [DATA_W-1:0] o_tpl_beat;      // template bytes of output word o_w
integer ob;
always @* begin
    o_tpl_beat = {DATA_W{1'b0}};
    for (ob = 0; ob < TBEATS; ob = ob + 1)
        if (o_w == ob[WW:0]) o_tpl_beat = tpl_out_reg[ob*DATA_W +: DATA_W];
end
reg  [DATA_W-1:0] o_beat;
reg  [K-1:0]      o_keep;
reg  [12:0]       op;
integer oi;
always @* begin
    for (oi = 0; oi < K; oi = oi + 1) begin
        op = o_pos + oi[12:0];
        o_beat[8*oi +: 8] = (op < {5'd0, o_tpn}) ? o_tpl_beat[8*oi +: 8] : o_data[8*oi +: 8];
        o_keep[oi] = op < o_len;
    end
end

always @(posedge clk) begin
    case (o_state_reg)
    O_IDLE: begin
        o_rd_reg <= {(WW+1){1'b0}};
        o_v_reg <= 1'b0;
        if (full_reg[rb_reg])
            o_state_reg <= O_LOAD;
    end
    O_LOAD: begin
        tpl_out_reg <= tpl_patch;
        o_state_reg <= O_HDR;
    end
    O_HDR: begin
        if (m_hdr_ready)
            o_state_reg <= O_PL;
    end
    O_PL: begin
        if (o_pl_fire && o_w_reg == o_nb - 1'b1) begin
            o_state_reg <= O_IDLE;
            rb_reg <= ~rb_reg;
        end
    end
    default: o_state_reg <= O_IDLE;
    endcase
    if (o_ld) begin
        o_rd_reg <= o_rd_reg + 1'b1;
        o_w_reg <= o_rd_reg;
        o_v_reg <= 1'b1;
    end else if (o_pl_fire) begin
        o_v_reg <= 1'b0;
    end
    // bank occupancy: set when a frame is stored, cleared when it was sent
    if (i_state_reg == I_FIN) begin
        full_reg[wb_reg] <= 1'b1;
        wb_reg <= ~wb_reg;
    end
    if (o_state_reg == O_PL && o_pl_fire && o_w_reg == o_nb - 1'b1)
        full_reg[rb_reg] <= 1'b0;
    if (rst) begin
        o_state_reg <= O_IDLE;
        o_rd_reg <= {(WW+1){1'b0}};
        o_w_reg <= {(WW+1){1'b0}};
        o_v_reg <= 1'b0;
        wb_reg <= 1'b0;
        rb_reg <= 1'b0;
        full_reg <= 2'b00;
    end
end

wire own_hdr = o_state_reg == O_HDR;
assign m_hdr_own    = own_hdr;
assign m_hdr_opcode = own_hdr ? `RNIC_RAW_OPCODE : s_hdr_opcode;
assign m_hdr_len    = own_hdr ? o_len : s_hdr_len;
assign m_hdr_valid  = own_hdr || pass_hdr;
assign m_pl_tdata   = pass_pl ? s_pl_tdata : o_beat;
assign m_pl_tkeep   = pass_pl ? s_pl_tkeep : o_keep;
assign m_pl_tlast   = pass_pl ? s_pl_tlast : (o_w_reg == o_nb - 1'b1);
assign m_pl_tvalid  = pass_pl ? s_pl_tvalid : (o_state_reg == O_PL && o_v_reg);

wire o_done = o_pl_fire && o_w_reg == o_nb - 1'b1;
assign stat_tso_seg = o_done && mb_tso[rb_reg];
assign stat_csum    = o_done && (mb_pip[rb_reg] || mb_pl4[rb_reg]);

endmodule

`default_nettype wire
