// RoCEv2 parser: Ethernet frames (no FCS) in, the packet header bus of
// docs/rtl-interfaces.md plus the packed payload (pad removed) out, for good
// frames only. Store-and-forward: a frame is checked as it arrives and emitted
// only after its last byte proved it good.
//
// Checks (a failing frame is dropped with one stat pulse): EtherType IPv4;
// version 4, IHL 5, no fragmentation, protocol 17, a valid IPv4 header checksum;
// IPv4 total length matching the frame (a frame padded to the 60-byte Ethernet
// minimum is accepted); UDP destination port 4791 and UDP length matching the
// IPv4 length; BTH TVer 0; a known opcode (RC, UC, UD, XRC, CNP); payload plus pad a multiple of four,
// room for the extension headers, pad and ICRC, at most 4096 payload bytes;
// destination MAC cfg_mac and destination IP cfg_ip; a well-formed stream (all
// beats but the last full) -> stat_bad_hdr. Then the ICRC (IBA annex A17): the
// CRC-32 over the masked frame, ICRC included, must leave the CRC-32 residue
// -> else stat_icrc_err.
//
// The frame first passes the ICRC pipeline (rnic_crc32, five beats), so its
// last beat reaches the ingress with the ICRC verdict of the whole frame.
// Ingress shifts the payload to lane 0 as it arrives (combining the current and
// the previous beat) and writes it into a RAM of DATA_W-bit words; a dropped
// frame's words are released by rewinding the write pointer. The IPv4 header
// checksum is summed as the header's beats arrive. The verdict takes the two
// cycles after a frame's last beat (the checks into registers, then keep or
// drop): a good frame's header bytes, payload length and end pointer go into a
// descriptor queue.
// Egress presents each descriptor on the header bus and streams its payload
// words from the RAM; header and payload are independent channels (either may
// be taken first), the next packet starts when both are done.
`default_nettype none

`include "rnic_contract.vh"

module rnic_parser #(
  parameter DATA_W = 512,       // stream width in bits: a power of two, 64..512
  parameter BUF_BYTES = 16384,  // payload RAM bytes: a power of two, room for two 4096-byte-MTU frames
  parameter DESC_DEPTH = 16     // frames the descriptor queue holds: a power of two
) (
  input  wire                 clk,
  input  wire                 rst,

  // configuration: our Ethernet and IPv4 addresses
  input  wire [47:0]          cfg_mac,
  input  wire [31:0]          cfg_ip,

  // frames in (no FCS), packed
  input  wire [DATA_W-1:0]    s_axis_rx_tdata,
  input  wire [DATA_W/8-1:0]  s_axis_rx_tkeep,
  input  wire                 s_axis_rx_tvalid,
  output wire                 s_axis_rx_tready,
  input  wire                 s_axis_rx_tlast,

  // packet header bus; fields of extension headers the opcode lacks are 0
  output wire                 m_hdr_valid,
  input  wire                 m_hdr_ready,
  output wire [7:0]           m_hdr_opcode,
  output wire                 m_hdr_se,
  output wire                 m_hdr_mig,
  output wire                 m_hdr_ackreq,
  output wire [15:0]          m_hdr_pkey,
  output wire [23:0]          m_hdr_dqpn,
  output wire [23:0]          m_hdr_psn,
  output wire [47:0]          m_hdr_dmac,
  output wire [47:0]          m_hdr_smac,
  output wire [31:0]          m_hdr_dip,
  output wire [31:0]          m_hdr_sip,
  output wire [15:0]          m_hdr_ip_id,
  output wire [7:0]           m_hdr_ttl,
  output wire [7:0]           m_hdr_tos,
  output wire [15:0]          m_hdr_sport,
  output wire [63:0]          m_hdr_reth_va,
  output wire [31:0]          m_hdr_reth_rkey,
  output wire [31:0]          m_hdr_reth_len,
  output wire [31:0]          m_hdr_aeth,
  output wire [31:0]          m_hdr_imm,
  output wire [31:0]          m_hdr_deth_qkey,
  output wire [23:0]          m_hdr_deth_sqpn,
  output wire [63:0]          m_hdr_atomic_va,
  output wire [31:0]          m_hdr_atomic_rkey,
  output wire [63:0]          m_hdr_atomic_swap,
  output wire [63:0]          m_hdr_atomic_cmp,
  output wire [63:0]          m_hdr_atomic_ack,
  output wire [12:0]          m_hdr_len,

  // payload: len bytes, packed, tlast on the last beat (no beats when len is 0)
  output wire [DATA_W-1:0]    m_axis_pay_tdata,
  output wire [DATA_W/8-1:0]  m_axis_pay_tkeep,
  output wire                 m_axis_pay_tvalid,
  input  wire                 m_axis_pay_tready,
  output wire                 m_axis_pay_tlast,

  // one-cycle pulses per dropped frame
  output reg                  stat_icrc_err,
  output reg                  stat_bad_hdr
);

  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction

  localparam KEEP_W = DATA_W / 8;
  localparam LOG_K = clog2(KEEP_W);
  localparam HCAP = 86;                                  // header bytes kept: Eth..BTH+XRCETH+AtomicETH
  localparam MAX_FRAME = 86 + 4096 + 3 + 4;              // largest frame accepted
  localparam MAX_BEATS = (MAX_FRAME + KEEP_W - 1) / KEEP_W;
  localparam DEPTH = BUF_BYTES / KEEP_W;                 // payload RAM words
  localparam AW = clog2(DEPTH);
  localparam DW = clog2(DESC_DEPTH);
  localparam BEAT_W = 13;
  localparam POS_W = BEAT_W + LOG_K;
  localparam [31:0] CRC_RESIDUE = 32'hDEBB20E3;          // CRC-32 register after data and its CRC
  localparam [BEAT_W-1:0] MAX_BEATS_B = MAX_BEATS[BEAT_W-1:0];
  localparam [AW:0] NEED_WORDS = MAX_BEATS[AW:0] + 1'b1 + 1'b1;
  localparam [AW:0] DEPTH_P = DEPTH[AW:0];
  localparam [DW:0] DESC_DEPTH_P = DESC_DEPTH[DW:0];
  localparam [12:0] KEEP_M1 = KEEP_W[12:0] - 1'b1;

  initial begin
    if (DATA_W != 64 && DATA_W != 128 && DATA_W != 256 && DATA_W != 512) begin
      $error("rnic_parser: DATA_W must be 64, 128, 256 or 512");
      $finish;
    end
    if ((1 << AW) != DEPTH || DEPTH < 2 * (MAX_BEATS + 2)) begin
      $error("rnic_parser: BUF_BYTES must be a power of two holding two largest frames");
      $finish;
    end
    if ((1 << DW) != DESC_DEPTH || DESC_DEPTH < 2) begin
      $error("rnic_parser: DESC_DEPTH must be a power of two, at least 2");
      $finish;
    end
  end

  // ---------------------------------------------------------------------
  // header layout helpers; h is the header bytes, byte p in h[8*p +: 8]
  function [7:0] hb;
    input [HCAP*8-1:0] h;
    input integer p;
    begin
      hb = h[8*p +: 8];
    end
  endfunction

  // extension header set of an opcode: {xrceth, known, deth, reth, atomic,
  // aeth, aack, imm, ieth}. XRC has the RC operations; its requests carry
  // an XRCETH (4 bytes) right after the BTH, its responses none (IBA 9.2,
  // 9.3.6).
  function [8:0] ext_of;
    input [7:0] op;
    reg [4:0] o;
    reg rc, uc, ud, xrc;
    begin
      o = op[4:0];
      xrc = op[7:5] == `RNIC_BTH_TRANSPORT_XRC;
      rc = op[7:5] == `RNIC_BTH_TRANSPORT_RC || xrc;
      uc = op[7:5] == `RNIC_BTH_TRANSPORT_UC;
      ud = op[7:5] == `RNIC_BTH_TRANSPORT_UD;
      ext_of = 9'd0;
      ext_of[8] = xrc && !(o >= `RNIC_BTH_OP_READ_RESP_FIRST && o <= `RNIC_BTH_OP_ATOMIC_ACK);
      ext_of[7] = (rc && (o <= `RNIC_BTH_OP_FETCH_ADD || o == `RNIC_BTH_OP_SEND_LAST_INV ||
                          o == `RNIC_BTH_OP_SEND_ONLY_INV)) ||
                  (uc && (o <= `RNIC_BTH_OP_WRITE_ONLY_IMM || o == `RNIC_BTH_OP_SEND_LAST_INV ||
                          o == `RNIC_BTH_OP_SEND_ONLY_INV)) ||
                  (ud && (o == `RNIC_BTH_OP_SEND_ONLY || o == `RNIC_BTH_OP_SEND_ONLY_IMM)) ||
                  op == `RNIC_BTH_OPCODE_CNP;
      ext_of[6] = ud;
      ext_of[5] = (rc || uc) && (o == `RNIC_BTH_OP_WRITE_FIRST || o == `RNIC_BTH_OP_WRITE_ONLY ||
                                 o == `RNIC_BTH_OP_WRITE_ONLY_IMM || o == `RNIC_BTH_OP_READ_REQ);
      ext_of[4] = (rc || uc) && (o == `RNIC_BTH_OP_CMP_SWAP || o == `RNIC_BTH_OP_FETCH_ADD);
      ext_of[3] = (rc || uc) && (o == `RNIC_BTH_OP_READ_RESP_FIRST || o == `RNIC_BTH_OP_READ_RESP_LAST ||
                                 o == `RNIC_BTH_OP_READ_RESP_ONLY || o == `RNIC_BTH_OP_ACK ||
                                 o == `RNIC_BTH_OP_ATOMIC_ACK);
      ext_of[2] = (rc || uc) && o == `RNIC_BTH_OP_ATOMIC_ACK;
      ext_of[1] = ((rc || uc) && (o == `RNIC_BTH_OP_SEND_LAST_IMM || o == `RNIC_BTH_OP_SEND_ONLY_IMM ||
                                  o == `RNIC_BTH_OP_WRITE_LAST_IMM || o == `RNIC_BTH_OP_WRITE_ONLY_IMM)) ||
                  (ud && o == `RNIC_BTH_OP_SEND_ONLY_IMM);
      ext_of[0] = (rc || uc) && (o == `RNIC_BTH_OP_SEND_LAST_INV || o == `RNIC_BTH_OP_SEND_ONLY_INV);
    end
  endfunction

  // header length (Ethernet through extension headers) of an extension set
  function [6:0] hlen_of;
    /* verilator lint_off UNUSEDSIGNAL */ // bit 7 (known opcode) adds no header
    input [8:0] e;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      hlen_of = 7'd54 + (e[8] ? 7'd4 : 7'd0) + (e[6] ? 7'd8 : 7'd0) + (e[5] ? 7'd16 : 7'd0) + (e[4] ? 7'd28 : 7'd0) +
                (e[3] ? 7'd4 : 7'd0) + (e[2] ? 7'd8 : 7'd0) + (e[1] ? 7'd4 : 7'd0) +
                (e[0] ? 7'd4 : 7'd0);
    end
  endfunction

  // {known opcode, header length} of every opcode, a table so that the
  // header length is a function of the opcode byte, not a chain of adders
  function [8*256-1:0] op_table;
    input integer unused;
    integer i;
    reg [8:0] e;
    begin
      for (i = 0; i < 256; i = i + 1) begin
        e = ext_of(i[7:0] ^ unused[7:0]);
        op_table[8*i +: 8] = {e[7], hlen_of(e)};
      end
    end
  endfunction
  localparam [8*256-1:0] OP_TABLE = op_table(0);

  // the bytes besides the payload less the 14 of the Ethernet header
  // (headers, pad, ICRC: IPv4 total length less payload length) of every
  // opcode and pad count, index {pad, opcode}
  function [7*1024-1:0] fixed_table;
    input integer unused;
    integer i;
    reg [6:0] h;
    begin
      for (i = 0; i < 1024; i = i + 1) begin
        h = hlen_of(ext_of(i[7:0] ^ unused[7:0]));
        fixed_table[7*i +: 7] = h + {5'd0, i[9:8]} + 7'd4 - 7'd14;
      end
    end
  endfunction
  localparam [7*1024-1:0] FIXED_TABLE = fixed_table(0);

  // ICRC invariant-field masks: bytes 6..13 stand for the LRH (eight 0xFF), then
  // IPv4 TOS (15), TTL (22), checksum (24, 25), UDP checksum (40, 41), BTH byte 4 (46)
  function icrc_ones;
    input [POS_W-1:0] p;
    begin
      icrc_ones = (p >= 6 && p <= 13) || p == 15 || p == 22 || p == 24 || p == 25 ||
                  p == 40 || p == 41 || p == 46;
    end
  endfunction

  // ---------------------------------------------------------------------
  // ingress
  reg                in_frame_reg, in_frame_next;
  reg [BEAT_W-1:0]   beat_reg, beat_next;
  reg [15:0]         bytes_reg, bytes_next;
  reg                err_reg, err_next;
  reg [HCAP*8-1:0]   hdr_reg, hdr_next;
  reg [DATA_W-1:0]   prev_reg, prev_next;
  reg [AW:0]         wr_ptr_reg, wr_ptr_next;
  reg [AW:0]         wr_base_reg, wr_base_next;
  reg [AW:0]         rd_base_reg, rd_base_next;
  reg                vd_valid_reg, vd_valid_next;
  reg [15:0]         vd_len_reg, vd_len_next;
  reg                vd_err_reg, vd_err_next;
  reg                vd_icrc_reg, vd_icrc_next;
  reg [BEAT_W-1:0]   vd_beat_reg, vd_beat_next;     // the frame's last beat
  reg                vd_over_reg, vd_over_next;     // it was past MAX_BEATS
  reg [19:0]         ipsum_reg, ipsum_next;         // IPv4 header words summed so far
  reg                vd1_valid_reg;
  reg                vd1_fields_ok_reg, vd1_sum_ok_reg, vd1_hlen_ok_reg, vd1_len_ok_reg, vd1_paylen_ok_reg;
  reg                vd1_icrc_reg;
  reg [DW:0]         desc_wr_reg, desc_wr_next;
  reg [DW:0]         desc_rd_reg, desc_rd_next;
  reg                stat_icrc_next, stat_bad_next;

  wire [AW:0] used_words = wr_ptr_reg - rd_base_reg;
  wire [DW:0] desc_count = desc_wr_reg - desc_rd_reg;
  wire        room = (DEPTH_P - used_words >= NEED_WORDS) &&
                     (desc_count + {{DW{1'b0}}, vd_valid_reg} + {{DW{1'b0}}, vd1_valid_reg} < DESC_DEPTH_P);
  wire ingress_ready = in_frame_reg || room;

  // payload RAM and descriptor queue
  reg [DATA_W-1:0] mem [0:DEPTH-1];
  reg [HCAP*8-1:0] desc_hdr [0:DESC_DEPTH-1];
  reg [12:0]       desc_len [0:DESC_DEPTH-1];
  reg [AW:0]       desc_end [0:DESC_DEPTH-1];

  reg              mem_we;
  reg [AW-1:0]     mem_waddr;
  reg [DATA_W-1:0] mem_wdata;
  reg              desc_we;
  reg [12:0]       desc_wlen;
  reg [AW:0]       desc_wend;

  // ---------------------------------------------------------------------
  // ICRC front: the frame's beats go through the ICRC pipeline (rnic_crc32,
  // five beats) on their way to the ingress, so a frame's last beat reaches
  // the ingress with the ICRC check of the whole frame. The CRC covers bytes
  // 6 up to 34 and up to the IPv4 datagram's end (14 + total length, bytes 16
  // and 17, in beat LEN_BEAT). Beats before LEN_BEAT lie inside. In beat
  // LEN_BEAT a lane's position is a constant below 14 + KEEP_W (LEN_BEAT is
  // 0 when the beat reaches past byte 34), so its test is the length's lane
  // bits against a constant and its higher bits against 0. Later beats take
  // their lanes from f_mask_reg, worked out a beat ahead from the length.
  localparam LEN_BEAT = 16 >> LOG_K;
  localparam integer NEXT_POS = (LEN_BEAT + 1) * KEEP_W;        // first byte of the beat after LEN_BEAT
  localparam integer LEFT_SUB_I = NEXT_POS + KEEP_W - 14;       // length - LEFT_SUB: datagram bytes from beat LEN_BEAT + 2 on
  localparam integer LEFT_MIN_I = LEFT_SUB_I > 20 ? LEFT_SUB_I : 20;
  localparam [16:0] LEFT_SUB = LEFT_SUB_I[16:0];
  localparam [16:0] LEFT_MIN = LEFT_MIN_I[16:0];
  localparam [16:0] LEFT_FLOOR = LEFT_MIN - LEFT_SUB;           // a length below 20 counts as 20
  localparam [16:0] KEEP_W17 = KEEP_W[16:0];

  // THERMO[KEEP_W*v + c]: v > c, for the lane part of a length
  function [KEEP_W*KEEP_W-1:0] thermo_table;
    input integer unused;
    integer v, c;
    begin
      for (v = 0; v < KEEP_W; v = v + 1)
        for (c = 0; c < KEEP_W; c = c + 1)
          thermo_table[KEEP_W*v + c] = v > c + unused;
    end
  endfunction
  localparam [KEEP_W*KEEP_W-1:0] THERMO = thermo_table(0);

  reg  [BEAT_W-1:0] f_beat_reg;
  reg               f_first_reg;      // this beat is a frame's first
  reg               f_at_len_reg;     // it is beat LEN_BEAT
  reg               f_past_len_reg;   // it is after beat LEN_BEAT
  reg  [KEEP_W-1:0] f_mask_reg;       // after LEN_BEAT: its lanes inside the datagram
  reg  [16:0]       f_left_reg;       // after LEN_BEAT: datagram bytes from the next beat on
  reg  [KEEP_W-1:0] f_mask_next;
  reg  [16:0]       f_left_next;
  wire [15:0]       f_ip_len = {s_axis_rx_tdata[8*(16 % KEEP_W) +: 8], s_axis_rx_tdata[8*(17 % KEEP_W) +: 8]};
  wire              f_ip_len_high = |f_ip_len[15:LOG_K];
  wire [KEEP_W-1:0] f_ip_len_above = THERMO[KEEP_W*f_ip_len[LOG_K-1:0] +: KEEP_W];
  reg  [DATA_W-1:0] f_crc_data;
  reg  [KEEP_W-1:0] f_crc_keep;
  reg  [POS_W-1:0]  f_pos;
  reg               f_in_dgram;
  integer m;
  always @* begin
    for (m = 0; m < KEEP_W; m = m + 1) begin
      f_pos = {f_beat_reg, m[LOG_K-1:0]};
      if (f_past_len_reg)
        f_in_dgram = f_mask_reg[m];
      else if (f_at_len_reg)
        f_in_dgram = LEN_BEAT * KEEP_W + m < 34 || f_ip_len_high ||
                     f_ip_len_above[(LEN_BEAT * KEEP_W + m + KEEP_W - 14) % KEEP_W];
      else
        f_in_dgram = 1'b1;
      f_crc_keep[m] = s_axis_rx_tkeep[m] && (!f_first_reg || m >= 6) && f_in_dgram;
      f_crc_data[8*m +: 8] = icrc_ones(f_pos) ? 8'hFF : s_axis_rx_tdata[8*m +: 8];
    end
  end
  // the next beat's lanes inside the datagram, and the datagram bytes after it
  always @* begin
    for (m = 0; m < KEEP_W; m = m + 1) begin
      if (f_at_len_reg)
        f_mask_next[m] = NEXT_POS + m < 34 || {16'd0, f_ip_len} > NEXT_POS + m - 14;
      else
        f_mask_next[m] = {15'd0, f_left_reg} > m;
    end
    if (f_at_len_reg)
      f_left_next = {1'b0, f_ip_len} >= LEFT_MIN ? {1'b0, f_ip_len} - LEFT_SUB : LEFT_FLOOR;
    else
      f_left_next = f_left_reg >= KEEP_W17 ? f_left_reg - KEEP_W17 : 17'd0;
  end

  localparam USER_W = DATA_W + KEEP_W + 1;
  wire              p_valid, p_last_unused;
  wire [USER_W-1:0] p_user;
  wire [31:0]       p_crc;
  wire              front_ce;

  rnic_crc32 #(.DATA_W(DATA_W), .USER_W(USER_W)) crc_inst (
    .clk(clk),
    .rst(rst),
    .ce(front_ce),
    .in_valid(s_axis_rx_tvalid),
    .in_first(f_first_reg),
    .in_last(s_axis_rx_tlast),
    .in_data(f_crc_data),
    .in_keep(f_crc_keep),
    .in_user({s_axis_rx_tdata, s_axis_rx_tkeep, s_axis_rx_tlast}),
    .out_valid(p_valid),
    .out_last(p_last_unused),
    .out_user(p_user),
    .out_crc(p_crc)
  );

  assign front_ce = !p_valid || ingress_ready;
  assign s_axis_rx_tready = front_ce;
  wire front_fire = s_axis_rx_tvalid && front_ce;

  always @(posedge clk) begin
    if (front_fire) begin
      f_mask_reg <= f_mask_next;
      f_left_reg <= f_left_next;
      if (s_axis_rx_tlast) begin
        f_beat_reg <= {BEAT_W{1'b0}};
        f_first_reg <= 1'b1;
        f_at_len_reg <= LEN_BEAT == 0;
        f_past_len_reg <= 1'b0;
      end else begin
        if (f_beat_reg < MAX_BEATS_B) f_beat_reg <= f_beat_reg + 1'b1;
        f_first_reg <= 1'b0;
        f_at_len_reg <= {{(32-BEAT_W){1'b0}}, f_beat_reg} + 1 == LEN_BEAT;
        f_past_len_reg <= f_past_len_reg || f_at_len_reg;
      end
    end
    if (rst) begin
      f_beat_reg <= {BEAT_W{1'b0}};
      f_first_reg <= 1'b1;
      f_at_len_reg <= LEN_BEAT == 0;
      f_past_len_reg <= 1'b0;
    end
  end

  // the beat at the ingress
  wire [DATA_W-1:0] rx_tdata = p_user[USER_W-1 -: DATA_W];
  wire [KEEP_W-1:0] rx_tkeep = p_user[KEEP_W:1];
  wire              rx_tlast = p_user[0];
  wire              rx_fire = p_valid && ingress_ready;

  // byte count of the beat, and whether it is packed (lanes 0..n-1, n > 0,
  // and full unless it is the frame's last)
  wire [LOG_K:0] rx_cnt;
  wire           rx_thermo;
  rnic_keep_count #(.KEEP_W(KEEP_W)) rx_count_inst (.keep(rx_tkeep), .count(rx_cnt), .thermo(rx_thermo));
  wire           rx_packed = rx_tkeep[0] && rx_thermo && (rx_tlast || &rx_tkeep);

  // header bytes with this beat's bytes in place
  integer p;
  reg [HCAP*8-1:0] hdr_view;
  always @* begin
    hdr_view = hdr_reg;
    for (p = 0; p < HCAP; p = p + 1) begin
      if ((p >> LOG_K) == {{(32-BEAT_W){1'b0}}, beat_reg})
        hdr_view[8*p +: 8] = rx_tdata[8*(p % KEEP_W) +: 8];
    end
  end

  // the opcode's header length, from hdr_reg: a payload word is written only
  // from the beat after the opcode's on, and a frame's flush word in its first
  // verdict cycle, both when hdr_reg holds the opcode (before, the length of a
  // previous frame's opcode is still larger than the beat index)
  wire [7:0]        op_info = OP_TABLE[8*hb(hdr_reg, 42) +: 8];
  wire [POS_W-1:0]  in_hlen = {{(POS_W-7){1'b0}}, op_info[6:0]};
  wire [BEAT_W-1:0] in_a    = in_hlen[POS_W-1:LOG_K];         // beat of the first payload byte
  wire [LOG_K-1:0]  in_s    = in_hlen[LOG_K-1:0];             // its lane

  // payload realignment: word j of the payload is lanes in_s.. of beat a+j and
  // lanes ..in_s-1 of beat a+j+1; it is written when beat a+j+1 arrives. The
  // frame's last word (lanes in_s.. of its last beat, in prev_reg by then) is
  // the flush word of the first verdict cycle, when no beat is written.
  wire [LOG_K:0]      sh_bytes = {1'b0, in_s};
  wire [DATA_W-1:0]   pair_hi = vd_valid_reg ? {DATA_W{1'b0}} : rx_tdata;
  /* verilator lint_off UNUSEDSIGNAL */ // the low beat of the shifted pair is the word
  wire [2*DATA_W-1:0] pair_cur = {pair_hi, prev_reg} >> {sh_bytes, 3'b000};
  /* verilator lint_on UNUSEDSIGNAL */
  wire [DATA_W-1:0]   word_cur = pair_cur[DATA_W-1:0];
  wire                oversize = beat_reg >= MAX_BEATS_B;

  // IPv4 header checksum, summed as the header's beats arrive: this beat's
  // header words (bytes 14..33) plus the sum so far, in a tree of adders
  reg  [20*11-1:0] sum_term;
  integer w;
  always @* begin
    for (w = 0; w < 10; w = w + 1)
      sum_term[20*w +: 20] = ((14 + 2*w) >> LOG_K) == {{(32-BEAT_W){1'b0}}, beat_reg} ?
                             {4'd0, rx_tdata[8*((14 + 2*w) % KEEP_W) +: 8], rx_tdata[8*((15 + 2*w) % KEEP_W) +: 8]} :
                             20'd0;
    sum_term[20*10 +: 20] = beat_reg == 0 ? 20'd0 : ipsum_reg;
  end
  wire [19:0] sum_a0 = sum_term[20*0 +: 20] + sum_term[20*1 +: 20];
  wire [19:0] sum_a1 = sum_term[20*2 +: 20] + sum_term[20*3 +: 20];
  wire [19:0] sum_a2 = sum_term[20*4 +: 20] + sum_term[20*5 +: 20];
  wire [19:0] sum_a3 = sum_term[20*6 +: 20] + sum_term[20*7 +: 20];
  wire [19:0] sum_a4 = sum_term[20*8 +: 20] + sum_term[20*9 +: 20];
  wire [19:0] sum_b0 = sum_a0 + sum_a1;
  wire [19:0] sum_b1 = sum_a2 + sum_a3;
  wire [19:0] sum_b2 = sum_a4 + sum_term[20*10 +: 20];
  wire [19:0] sum_beat = sum_b0 + sum_b1 + sum_b2;

  // ---------------------------------------------------------------------
  // verdict, two cycles: the first (vd_valid_reg, the cycle after the
  // frame's last beat) checks the header into vd1_* and writes the flush word
  // and the frame's descriptor in the next free slot; the second
  // (vd1_valid_reg) keeps the frame (the descriptor counts) or drops it (the
  // write pointer goes back to the frame's start). The next frame's first
  // payload word is written no earlier than that second cycle, at
  // wr_ptr_start: where the frame before it ended, or started if dropped.
  wire [15:0] vd_hlen  = {9'd0, op_info[6:0]};
  /* verilator lint_off UNUSEDSIGNAL */ // PadCnt only
  wire [7:0]  vd_b43   = hb(hdr_reg, 43);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [1:0]  vd_pad   = vd_b43[5:4];
  wire [15:0] vd_iplen = {hb(hdr_reg, 16), hb(hdr_reg, 17)};
  wire [15:0] vd_udplen = {hb(hdr_reg, 38), hb(hdr_reg, 39)};
  wire [15:0] vd_dgram = vd_iplen + 16'd14;
  wire [15:0] vd_fixed = {9'd0, FIXED_TABLE[7*{vd_pad, hb(hdr_reg, 42)} +: 7]};
  wire [15:0] vd_paylen = vd_iplen - vd_fixed;
  wire        vd_flush = vd_beat_reg >= in_a && !vd_over_reg;

  wire vd_fields_ok =
    !vd_err_reg &&
    op_info[7] &&
    hb(hdr_reg, 12) == 8'h08 && hb(hdr_reg, 13) == 8'h00 &&
    hb(hdr_reg, 14) == 8'h45 &&
    (hb(hdr_reg, 20) & 8'h3F) == 8'h00 && hb(hdr_reg, 21) == 8'h00 &&
    hb(hdr_reg, 23) == 8'd17 &&
    {hb(hdr_reg, 36), hb(hdr_reg, 37)} == 16'd4791 &&
    (hb(hdr_reg, 43) & 8'h0F) == 8'h00 &&
    vd_iplen[1:0] == 2'b00 &&
    {hb(hdr_reg, 0), hb(hdr_reg, 1), hb(hdr_reg, 2), hb(hdr_reg, 3), hb(hdr_reg, 4), hb(hdr_reg, 5)} == cfg_mac &&
    {hb(hdr_reg, 30), hb(hdr_reg, 31), hb(hdr_reg, 32), hb(hdr_reg, 33)} == cfg_ip;
  // the ones' complement sum of the ten header words is 0xFFFF when their
  // plain sum (at most ten times 0xFFFF) is a non-zero multiple of 0xFFFF
  reg vd_sum_ok;
  integer c;
  always @* begin
    vd_sum_ok = 1'b0;
    for (c = 1; c <= 10; c = c + 1)
      if ({12'd0, ipsum_reg} == c * 32'hFFFF) vd_sum_ok = 1'b1;
  end
  wire vd_hlen_ok = vd_len_reg >= vd_hlen + 16'd4;
  wire vd_len_ok =
    (vd_len_reg == vd_dgram || (vd_len_reg <= 16'd60 && vd_dgram < vd_len_reg)) &&
    vd_udplen == vd_iplen - 16'd20;
  wire vd_paylen_ok = vd_iplen >= vd_fixed && vd_paylen <= 16'd4096;

  wire vd1_hdr_ok = vd1_fields_ok_reg && vd1_sum_ok_reg && vd1_hlen_ok_reg && vd1_len_ok_reg && vd1_paylen_ok_reg;
  wire vd1_good = vd1_valid_reg && vd1_hdr_ok && vd1_icrc_reg;
  wire vd1_drop = vd1_valid_reg && !(vd1_hdr_ok && vd1_icrc_reg);
  wire [AW:0] wr_ptr_start = vd1_drop ? wr_base_reg : wr_ptr_reg;
  wire [DW-1:0] desc_slot = vd1_good ? desc_wr_reg[DW-1:0] + 1'b1 : desc_wr_reg[DW-1:0];

  // ---------------------------------------------------------------------
  // egress
  reg              hdr_done_reg, hdr_done_next;
  reg [12:0]       issued_reg, issued_next;     // payload words read for the head frame
  reg              rq_valid_reg, rq_valid_next; // a RAM read in flight
  reg              rq_last_reg, rq_last_next;
  reg [KEEP_W-1:0] rq_keep_reg, rq_keep_next;
  reg [DATA_W-1:0] ram_q;
  reg [DATA_W-1:0] sk_data [0:1];
  reg [KEEP_W-1:0] sk_keep [0:1];
  reg              sk_last [0:1];
  reg              sk_head_reg, sk_head_next;
  reg [1:0]        sk_count_reg, sk_count_next;
  reg              mem_re;
  reg [AW-1:0]     mem_raddr;

  wire [DW-1:0]    head = desc_rd_reg[DW-1:0];
  wire             head_valid = desc_count != 0;
  wire [HCAP*8-1:0] hh = desc_hdr[head];
  wire [12:0]      head_len = desc_len[head];
  wire [AW:0]      head_end = desc_end[head];
  wire [12:0]      head_round = head_len + KEEP_M1;
  wire [12:0]      head_words = head_round >> LOG_K;
  /* verilator lint_off UNUSEDSIGNAL */ // only the lane of the last byte is used
  wire [12:0]      last_bytes_m1 = head_len - 1'b1;
  /* verilator lint_on UNUSEDSIGNAL */

  /* verilator lint_off UNUSEDSIGNAL */ // the ingress checked the opcode is known
  wire [8:0] hx = ext_of(hb(hh, 42));
  /* verilator lint_on UNUSEDSIGNAL */
  assign m_hdr_valid = head_valid && !hdr_done_reg;
  wire   hdr_fire = m_hdr_valid && m_hdr_ready;

  assign m_hdr_opcode = hb(hh, 42);
  /* verilator lint_off UNUSEDSIGNAL */ // SE, M and AckReq bits only
  wire [7:0] hh43 = hb(hh, 43);
  wire [7:0] hh50 = hb(hh, 50);
  /* verilator lint_on UNUSEDSIGNAL */
  assign m_hdr_se     = hh43[7];
  assign m_hdr_mig    = hh43[6];
  assign m_hdr_pkey   = {hb(hh, 44), hb(hh, 45)};
  assign m_hdr_dqpn   = {hb(hh, 47), hb(hh, 48), hb(hh, 49)};
  assign m_hdr_ackreq = hh50[7];
  assign m_hdr_psn    = {hb(hh, 51), hb(hh, 52), hb(hh, 53)};
  assign m_hdr_dmac   = {hb(hh, 0), hb(hh, 1), hb(hh, 2), hb(hh, 3), hb(hh, 4), hb(hh, 5)};
  assign m_hdr_smac   = {hb(hh, 6), hb(hh, 7), hb(hh, 8), hb(hh, 9), hb(hh, 10), hb(hh, 11)};
  assign m_hdr_tos    = hb(hh, 15);
  assign m_hdr_ip_id  = {hb(hh, 18), hb(hh, 19)};
  assign m_hdr_ttl    = hb(hh, 22);
  assign m_hdr_sip    = {hb(hh, 26), hb(hh, 27), hb(hh, 28), hb(hh, 29)};
  assign m_hdr_dip    = {hb(hh, 30), hb(hh, 31), hb(hh, 32), hb(hh, 33)};
  assign m_hdr_sport  = {hb(hh, 34), hb(hh, 35)};
  assign m_hdr_len    = head_len;
  // extension headers from byte 54 in IBA order: DETH, RETH, AtomicETH, AETH,
  // AtomicAckETH, ImmDt, IETH
  // (an XRC request's follow its XRCETH: the same offsets plus 4)
  wire [HCAP*8-1:0] he = hx[8] ? {32'd0, hh[HCAP*8-1:8*58], hh[8*54-1:0]} : hh;
  wire [63:0] x54 = {hb(he, 54), hb(he, 55), hb(he, 56), hb(he, 57), hb(he, 58), hb(he, 59), hb(he, 60), hb(he, 61)};
  wire [63:0] x62 = {hb(he, 62), hb(he, 63), hb(he, 64), hb(he, 65), hb(he, 66), hb(he, 67), hb(he, 68), hb(he, 69)};
  wire [63:0] x70 = {hb(he, 70), hb(he, 71), hb(he, 72), hb(he, 73), hb(he, 74), hb(he, 75), hb(he, 76), hb(he, 77)};
  wire [31:0] x78 = {hb(he, 78), hb(he, 79), hb(he, 80), hb(he, 81)};
  assign m_hdr_deth_qkey   = hx[6] ? x54[63:32] : 32'd0;
  // deth_sqpn: UD the DETH source QP; XRC requests the XRCETH's XRC SRQ number
  assign m_hdr_deth_sqpn   = hx[6] ? x54[23:0] : hx[8] ? {hb(hh, 55), hb(hh, 56), hb(hh, 57)} : 24'd0;
  assign m_hdr_reth_va     = hx[5] ? x54 : 64'd0;
  assign m_hdr_reth_rkey   = hx[5] ? x62[63:32] : 32'd0;
  assign m_hdr_reth_len    = hx[5] ? x62[31:0] : 32'd0;
  assign m_hdr_atomic_va   = hx[4] ? x54 : 64'd0;
  assign m_hdr_atomic_rkey = hx[4] ? x62[63:32] : 32'd0;
  assign m_hdr_atomic_swap = hx[4] ? {x62[31:0], x70[63:32]} : 64'd0;
  assign m_hdr_atomic_cmp  = hx[4] ? {x70[31:0], x78} : 64'd0;
  assign m_hdr_aeth        = hx[3] ? x54[63:32] : 32'd0;
  assign m_hdr_atomic_ack  = hx[2] ? {x54[31:0], x62[63:32]} : 64'd0;
  assign m_hdr_imm         = hx[0] ? x54[63:32] :
                             !hx[1] ? 32'd0 :
                             hx[6] ? x62[63:32] :
                             hx[5] ? x70[63:32] : x54[63:32];

  wire sk_pop = sk_count_reg != 2'd0 && m_axis_pay_tready;
  assign m_axis_pay_tvalid = sk_count_reg != 2'd0;
  assign m_axis_pay_tdata  = sk_data[sk_head_reg];
  assign m_axis_pay_tkeep  = sk_keep[sk_head_reg];
  assign m_axis_pay_tlast  = sk_last[sk_head_reg];

  wire [2:0] sk_fill = {1'b0, sk_count_reg} + {2'd0, rq_valid_reg} - {2'd0, sk_pop};
  wire       issue = head_valid && issued_reg != head_words && sk_fill < 3'd2;

  function [KEEP_W-1:0] keep_of;
    input [LOG_K:0] n;
    integer i;
    begin
      for (i = 0; i < KEEP_W; i = i + 1) keep_of[i] = i < n;
    end
  endfunction

  // ---------------------------------------------------------------------
  always @* begin
    in_frame_next = in_frame_reg;
    beat_next = beat_reg;
    bytes_next = bytes_reg;
    err_next = err_reg;
    hdr_next = hdr_reg;
    prev_next = prev_reg;
    wr_ptr_next = wr_ptr_start;
    wr_base_next = wr_base_reg;
    rd_base_next = rd_base_reg;
    vd_valid_next = 1'b0;
    vd_len_next = vd_len_reg;
    vd_err_next = vd_err_reg;
    vd_icrc_next = vd_icrc_reg;
    vd_beat_next = vd_beat_reg;
    vd_over_next = vd_over_reg;
    ipsum_next = ipsum_reg;
    desc_wr_next = desc_wr_reg;
    desc_rd_next = desc_rd_reg;
    stat_icrc_next = 1'b0;
    stat_bad_next = 1'b0;
    mem_we = 1'b0;
    mem_waddr = wr_ptr_start[AW-1:0];
    mem_wdata = word_cur;
    desc_we = 1'b0;
    desc_wlen = vd_paylen[12:0];
    desc_wend = wr_ptr_start + {{AW{1'b0}}, vd_flush};
    hdr_done_next = hdr_done_reg;
    issued_next = issued_reg;
    rq_valid_next = 1'b0;
    rq_last_next = rq_last_reg;
    rq_keep_next = rq_keep_reg;
    sk_head_next = sk_head_reg;
    sk_count_next = sk_count_reg;
    mem_re = 1'b0;
    mem_raddr = rd_base_reg[AW-1:0] + issued_reg[AW-1:0];

    // verdict, first cycle (the cycle after a frame's last beat; no payload
    // word is written by a frame's first beat, so the flush word has the write
    // port): the flush word, the descriptor in the next free slot
    if (vd_valid_reg) begin
      if (vd_flush) begin
        mem_we = 1'b1;
        wr_ptr_next = wr_ptr_start + 1'b1;
      end
      desc_we = 1'b1;
    end
    // verdict, second cycle: keep the frame, or drop it (wr_ptr_start)
    if (vd1_valid_reg) begin
      if (vd1_good) begin
        wr_base_next = wr_ptr_reg;
        desc_wr_next = desc_wr_reg + 1'b1;
      end else begin
        stat_bad_next = !vd1_hdr_ok;
        stat_icrc_next = vd1_hdr_ok;
      end
    end

    // ingress beat
    if (rx_fire) begin
      hdr_next = hdr_view;
      prev_next = rx_tdata;
      ipsum_next = sum_beat;
      beat_next = oversize ? beat_reg : beat_reg + 1'b1;
      bytes_next = bytes_reg + {{(15-LOG_K){1'b0}}, rx_cnt};
      err_next = err_reg || !rx_packed || oversize;
      in_frame_next = 1'b1;
      if (beat_reg == 0) begin
        bytes_next = {{(15-LOG_K){1'b0}}, rx_cnt};
        err_next = !rx_packed;
      end
      if (beat_reg > in_a && !oversize) begin
        mem_we = 1'b1;
        wr_ptr_next = wr_ptr_start + 1'b1;
      end
      if (rx_tlast) begin
        in_frame_next = 1'b0;
        vd_icrc_next = p_crc == CRC_RESIDUE;
        beat_next = {BEAT_W{1'b0}};
        vd_valid_next = 1'b1;
        vd_len_next = bytes_next;
        vd_err_next = err_next;
        vd_beat_next = beat_reg;
        vd_over_next = oversize;
      end
    end

    // egress: header channel
    if (hdr_fire) hdr_done_next = 1'b1;
    // egress: payload reads, two-entry skid buffer after the RAM
    if (sk_pop) begin
      sk_head_next = !sk_head_reg;
      sk_count_next = sk_count_next - 1'b1;
    end
    if (rq_valid_reg) sk_count_next = sk_count_next + 1'b1;
    if (issue) begin
      mem_re = 1'b1;
      rq_valid_next = 1'b1;
      rq_last_next = issued_reg == head_words - 1'b1;
      rq_keep_next = (issued_reg == head_words - 1'b1) ?
                     keep_of({1'b0, last_bytes_m1[LOG_K-1:0]} + 1'b1) : {KEEP_W{1'b1}};
      issued_next = issued_reg + 1'b1;
    end
    // both channels done: release the frame
    if (head_valid && hdr_done_next && issued_next == head_words) begin
      hdr_done_next = 1'b0;
      issued_next = 13'd0;
      rd_base_next = head_end;
      desc_rd_next = desc_rd_reg + 1'b1;
    end
  end

  // RAMs
  always @(posedge clk) begin
    if (mem_we) mem[mem_waddr] <= mem_wdata;
    if (mem_re) ram_q <= mem[mem_raddr];
    if (desc_we) begin
      desc_hdr[desc_slot] <= hdr_reg;
      desc_len[desc_slot] <= desc_wlen;
      desc_end[desc_slot] <= desc_wend;
    end
    if (rq_valid_reg) begin
      sk_data[sk_head_reg ^ sk_count_reg[0]] <= ram_q;
      sk_keep[sk_head_reg ^ sk_count_reg[0]] <= rq_keep_reg;
      sk_last[sk_head_reg ^ sk_count_reg[0]] <= rq_last_reg;
    end
  end

  always @(posedge clk) begin
    in_frame_reg <= in_frame_next;
    beat_reg <= beat_next;
    bytes_reg <= bytes_next;
    err_reg <= err_next;
    hdr_reg <= hdr_next;
    prev_reg <= prev_next;
    wr_ptr_reg <= wr_ptr_next;
    wr_base_reg <= wr_base_next;
    rd_base_reg <= rd_base_next;
    vd_valid_reg <= vd_valid_next;
    vd_len_reg <= vd_len_next;
    vd_err_reg <= vd_err_next;
    vd_icrc_reg <= vd_icrc_next;
    vd_beat_reg <= vd_beat_next;
    vd_over_reg <= vd_over_next;
    ipsum_reg <= ipsum_next;
    vd1_valid_reg <= vd_valid_reg;
    vd1_fields_ok_reg <= vd_fields_ok;
    vd1_sum_ok_reg <= vd_sum_ok;
    vd1_hlen_ok_reg <= vd_hlen_ok;
    vd1_len_ok_reg <= vd_len_ok;
    vd1_paylen_ok_reg <= vd_paylen_ok;
    vd1_icrc_reg <= vd_icrc_reg;
    desc_wr_reg <= desc_wr_next;
    desc_rd_reg <= desc_rd_next;
    stat_icrc_err <= stat_icrc_next;
    stat_bad_hdr <= stat_bad_next;
    hdr_done_reg <= hdr_done_next;
    issued_reg <= issued_next;
    rq_valid_reg <= rq_valid_next;
    rq_last_reg <= rq_last_next;
    rq_keep_reg <= rq_keep_next;
    sk_head_reg <= sk_head_next;
    sk_count_reg <= sk_count_next;
    if (rst) begin
      in_frame_reg <= 1'b0;
      beat_reg <= {BEAT_W{1'b0}};
      wr_ptr_reg <= {(AW+1){1'b0}};
      wr_base_reg <= {(AW+1){1'b0}};
      rd_base_reg <= {(AW+1){1'b0}};
      vd_valid_reg <= 1'b0;
      vd1_valid_reg <= 1'b0;
      desc_wr_reg <= {(DW+1){1'b0}};
      desc_rd_reg <= {(DW+1){1'b0}};
      stat_icrc_err <= 1'b0;
      stat_bad_hdr <= 1'b0;
      hdr_done_reg <= 1'b0;
      issued_reg <= 13'd0;
      rq_valid_reg <= 1'b0;
      sk_head_reg <= 1'b0;
      sk_count_reg <= 2'd0;
    end
  end

endmodule

`default_nettype wire
