// rnic_gsi: the general services interface (QP1) mailbox between the wire
// and the firmware (docs/rtl-interfaces.md, "GSI mailbox"). Management
// datagrams (MADs; the connection manager's REQ, REP, RTU, REJ, DREQ, DREP)
// are handled by the firmware, so every process on the NIC shares one QP1.
//
// Receive: rnic_top hands this block every packet the parser addressed to
// QP1 (a header, then its len payload bytes). A UD SEND ONLY (0x64) with the
// GSI Q_Key (GSI_QKEY) and at most MAD_BYTES of payload is kept in a FIFO of
// GSI_RX_DEPTH slots with its source (IPv4 address, MAC, DETH source QP,
// P_Key) and length; anything else, or a MAD arriving with every slot full,
// is dropped (its payload consumed) and counted (stat_drop). The firmware
// reads the oldest slot through the registers below and frees it with
// GSI_RX_POP; rx_pending tells it (FW IRQ_STATUS) that one is waiting.
//
// Transmit: the firmware writes the destination (IPv4, MAC, QP, Q_Key), the
// length (1 .. MAD_BYTES) and the payload words, then GSI_TX_GO; the block
// sends one UD SEND ONLY from QP1 (DETH source QP 1) on the header bus and
// is busy (GSI_TX_STATUS) until its last payload beat went out. A GO while
// busy, or with a length out of range, is ignored and counted (stat_tx_bad).
//
// Register port (offsets into the firmware port, decoded by rnic_csr): one
// write strobe and a combinational read of any address. Payload words hold
// four MAD bytes, the first in [31:24] (MADs are big-endian).
`default_nettype none

`include "rnic_contract.vh"

module rnic_gsi #(
    parameter DATA_W = 512                       // stream width in bits (64..512, power of two)
) (
    input  wire                  clk,
    input  wire                  rst,

    // packets for QP1 from the parser: header, then len payload bytes
    input  wire [7:0]            s_hdr_opcode,
    input  wire [31:0]           s_hdr_qkey,
    input  wire [23:0]           s_hdr_sqpn,
    input  wire [31:0]           s_hdr_sip,
    input  wire [47:0]           s_hdr_smac,
    input  wire [15:0]           s_hdr_pkey,
    input  wire [12:0]           s_hdr_len,
    input  wire                  s_hdr_valid,
    output wire                  s_hdr_ready,
    input  wire [DATA_W-1:0]     s_pl_tdata,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire [DATA_W/8-1:0]   s_pl_tkeep,     // packed: the length says which bytes count
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire                  s_pl_tlast,
    input  wire                  s_pl_tvalid,
    output wire                  s_pl_tready,

    // firmware registers
    input  wire                  reg_wr,
    input  wire [15:0]           reg_waddr,
    input  wire [31:0]           reg_wdata,
    input  wire [15:0]           reg_raddr,
    output reg  [31:0]           reg_rdata,
    output wire                  rx_pending,     // a MAD waits in the receive FIFO

    // UD SEND ONLY from QP1 for the TX arbiter (the other header-bus fields are 0)
    output wire [7:0]            m_hdr_opcode,
    output wire [23:0]           m_hdr_dqpn,
    output wire [23:0]           m_hdr_psn,
    output wire [47:0]           m_hdr_dmac,
    output wire [31:0]           m_hdr_dip,
    output wire [15:0]           m_hdr_ip_id,
    output wire [31:0]           m_hdr_deth_qkey,
    output wire [23:0]           m_hdr_deth_sqpn,
    output wire [15:0]           m_hdr_pkey,
    output wire [12:0]           m_hdr_len,
    output wire                  m_hdr_valid,
    input  wire                  m_hdr_ready,
    output wire [DATA_W-1:0]     m_pl_tdata,
    output wire [DATA_W/8-1:0]   m_pl_tkeep,
    output wire                  m_pl_tlast,
    output wire                  m_pl_tvalid,
    input  wire                  m_pl_tready,

    output wire                  stat_rx,        // a MAD was kept
    output wire                  stat_drop,      // a packet for QP1 was dropped
    output wire                  stat_tx,        // a MAD was sent
    output wire                  stat_tx_bad     // a GO was ignored
);

localparam K = DATA_W / 8;
localparam LK = $clog2(K);
localparam MAD = `RNIC_MAD_BYTES;
localparam SB = MAD / K;                         // beats per slot
localparam SB_W = $clog2(SB + 1);
localparam DEPTH = `RNIC_GSI_RX_DEPTH;
localparam DW = $clog2(DEPTH);
localparam [12:0] MAD13 = MAD;

// MAD bytes are big-endian in a register word (byte 0 in [31:24]) and in
// stream order in a beat (byte 0 in [7:0]).
function [31:0] bswap32;
    input [31:0] w;
    bswap32 = {w[7:0], w[15:8], w[23:16], w[31:24]};
endfunction

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_gsi: DATA_W must be a power of two from 64 to 512");
    if ((DEPTH & (DEPTH - 1)) != 0 || MAD % 64 != 0)
        $error("rnic_gsi: GSI_RX_DEPTH must be a power of two, MAD_BYTES a multiple of 64");
end

// ---------------------------------------------------------------------------
// Receive FIFO
// ---------------------------------------------------------------------------
reg [DATA_W-1:0] rx_mem [0:DEPTH*SB-1];
reg [12:0]       rx_len [0:DEPTH-1];
reg [23:0]       rx_sqpn [0:DEPTH-1];
reg [31:0]       rx_sip [0:DEPTH-1];
reg [47:0]       rx_smac [0:DEPTH-1];
reg [15:0]       rx_pkey [0:DEPTH-1];
reg [DW:0]       rx_wr_reg, rx_rd_reg;
wire [DW:0]      rx_count = rx_wr_reg - rx_rd_reg;
wire             rx_any = rx_count != {(DW+1){1'b0}};   // a MAD waits for the firmware
wire [DW-1:0]    rx_wslot = rx_wr_reg[DW-1:0];
wire [DW-1:0]    rx_rslot = rx_rd_reg[DW-1:0];

localparam [1:0] R_IDLE = 2'd0, R_KEEP = 2'd1, R_DROP = 2'd2;
reg [1:0]        r_state_reg;
reg [SB_W-1:0]   r_beat_reg;

wire r_ok = s_hdr_opcode == {`RNIC_BTH_TRANSPORT_UD, `RNIC_BTH_OP_SEND_ONLY} && s_hdr_qkey == `RNIC_GSI_QKEY &&
            s_hdr_len <= MAD13 && rx_count != DEPTH[DW:0];
assign s_hdr_ready = r_state_reg == R_IDLE;
wire r_hdr_fire = s_hdr_valid && s_hdr_ready;
assign s_pl_tready = r_state_reg == R_KEEP || r_state_reg == R_DROP;
wire r_pl_fire = s_pl_tvalid && s_pl_tready;

reg stat_rx_reg, stat_drop_reg;
always @(posedge clk) begin
    stat_rx_reg <= 1'b0;
    stat_drop_reg <= 1'b0;
    case (r_state_reg)
    R_IDLE: begin
        r_beat_reg <= {SB_W{1'b0}};
        if (r_hdr_fire) begin
            // a kept MAD's source; a dropped packet must not touch the slot
            // (with the FIFO full it is the oldest MAD's)
            if (r_ok) begin
                rx_len[rx_wslot] <= s_hdr_len;
                rx_sqpn[rx_wslot] <= s_hdr_sqpn;
                rx_sip[rx_wslot] <= s_hdr_sip;
                rx_smac[rx_wslot] <= s_hdr_smac;
                rx_pkey[rx_wslot] <= s_hdr_pkey;
            end
            if (s_hdr_len == 13'd0) begin
                // nothing follows the header
                if (r_ok)
                    rx_wr_reg <= rx_wr_reg + 1'b1;
                stat_rx_reg <= r_ok;
                stat_drop_reg <= !r_ok;
            end else begin
                r_state_reg <= r_ok ? R_KEEP : R_DROP;
            end
        end
    end
    R_KEEP, R_DROP: begin
        if (r_pl_fire) begin
            if (r_state_reg == R_KEEP && r_beat_reg < SB[SB_W-1:0])
                rx_mem[{rx_wslot, r_beat_reg[SB_W-2:0]}] <= s_pl_tdata;
            r_beat_reg <= r_beat_reg + 1'b1;
            if (s_pl_tlast) begin
                if (r_state_reg == R_KEEP)
                    rx_wr_reg <= rx_wr_reg + 1'b1;
                stat_rx_reg <= r_state_reg == R_KEEP;
                stat_drop_reg <= r_state_reg == R_DROP;
                r_state_reg <= R_IDLE;
            end
        end
    end
    default: r_state_reg <= R_IDLE;
    endcase
    if (reg_wr && reg_waddr == `RNIC_FW_GSI_RX_POP && rx_any)
        rx_rd_reg <= rx_rd_reg + 1'b1;
    if (rst) begin
        r_state_reg <= R_IDLE;
        r_beat_reg <= {SB_W{1'b0}};
        rx_wr_reg <= {(DW+1){1'b0}};
        rx_rd_reg <= {(DW+1){1'b0}};
        stat_rx_reg <= 1'b0;
        stat_drop_reg <= 1'b0;
    end
end
assign rx_pending = rx_any;
assign stat_rx = stat_rx_reg;
assign stat_drop = stat_drop_reg;

// ---------------------------------------------------------------------------
// Transmit buffer
// ---------------------------------------------------------------------------
reg [DATA_W-1:0] tx_mem [0:SB-1];
reg [31:0]       tx_dip_reg, tx_dqpn_reg, tx_qkey_reg, tx_len_reg;
reg [31:0]       tx_dmac_lo_reg, tx_dmac_hi_reg;
reg [15:0]       tx_ip_id_reg;
reg [23:0]       tx_psn_reg;

localparam [1:0] T_IDLE = 2'd0, T_HDR = 2'd1, T_PL = 2'd2;
reg [1:0]        t_state_reg;
reg [SB_W-1:0]   t_beat_reg;
reg              stat_tx_reg, stat_tx_bad_reg;

wire [12:0]      t_len = tx_len_reg[12:0];
/* verilator lint_off UNUSEDSIGNAL */
wire [12:0]      t_nb13 = (t_len + K[12:0] - 13'd1) >> LK;
/* verilator lint_on UNUSEDSIGNAL */
wire [SB_W-1:0]  t_nb = t_nb13[SB_W-1:0];
wire t_go = reg_wr && reg_waddr == `RNIC_FW_GSI_TX_GO;
wire t_len_ok = tx_len_reg != 32'd0 && tx_len_reg <= MAD;
wire t_pl_fire = m_pl_tvalid && m_pl_tready;
wire t_last = t_beat_reg == t_nb - 1'b1;

// the word address of a payload window access: beat, 32-bit lane
localparam WPB = K / 4;                          // words per beat
localparam LW = $clog2(WPB);
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0] tx_woff = reg_waddr - `RNIC_FW_GSI_TX_DATA;   // word aligned; used inside the window only
wire [15:0] tx_widx = {2'b00, tx_woff[15:2]};
/* verilator lint_on UNUSEDSIGNAL */
wire        tx_wdata_hit = reg_wr && reg_waddr >= `RNIC_FW_GSI_TX_DATA &&
                           reg_waddr < `RNIC_FW_GSI_TX_DATA + MAD;
wire [31:0] tx_wbytes = bswap32(reg_wdata);

integer ti;
always @(posedge clk) begin
    stat_tx_reg <= 1'b0;
    stat_tx_bad_reg <= 1'b0;
    if (reg_wr) begin
        case (reg_waddr)
        `RNIC_FW_GSI_TX_DIP:     tx_dip_reg <= reg_wdata;
        `RNIC_FW_GSI_TX_DMAC_LO: tx_dmac_lo_reg <= reg_wdata;
        `RNIC_FW_GSI_TX_DMAC_HI: tx_dmac_hi_reg <= {16'd0, reg_wdata[15:0]};
        `RNIC_FW_GSI_TX_DQPN:    tx_dqpn_reg <= {8'd0, reg_wdata[23:0]};
        `RNIC_FW_GSI_TX_QKEY:    tx_qkey_reg <= reg_wdata;
        `RNIC_FW_GSI_TX_LEN:     tx_len_reg <= reg_wdata;
        default: ;
        endcase
    end
    if (tx_wdata_hit) begin
        for (ti = 0; ti < WPB; ti = ti + 1)
            if (tx_widx[LW-1:0] == ti[LW-1:0])
                tx_mem[tx_widx[LW +: SB_W-1]][32*ti +: 32] <= tx_wbytes;
    end
    case (t_state_reg)
    T_IDLE: begin
        t_beat_reg <= {SB_W{1'b0}};
        if (t_go) begin
            if (t_len_ok)
                t_state_reg <= T_HDR;
            else
                stat_tx_bad_reg <= 1'b1;
        end
    end
    T_HDR: begin
        if (m_hdr_ready)
            t_state_reg <= T_PL;
    end
    T_PL: begin
        if (t_pl_fire) begin
            t_beat_reg <= t_beat_reg + 1'b1;
            if (t_last) begin
                t_state_reg <= T_IDLE;
                tx_ip_id_reg <= tx_ip_id_reg + 16'd1;
                tx_psn_reg <= tx_psn_reg + 24'd1;
                stat_tx_reg <= 1'b1;
            end
        end
    end
    default: t_state_reg <= T_IDLE;
    endcase
    if (t_go && t_state_reg != T_IDLE)
        stat_tx_bad_reg <= 1'b1;
    if (rst) begin
        t_state_reg <= T_IDLE;
        t_beat_reg <= {SB_W{1'b0}};
        tx_dip_reg <= 32'd0;
        tx_dmac_lo_reg <= 32'd0;
        tx_dmac_hi_reg <= 32'd0;
        tx_dqpn_reg <= 32'd0;
        tx_qkey_reg <= 32'd0;
        tx_len_reg <= 32'd0;
        tx_ip_id_reg <= 16'd0;
        tx_psn_reg <= 24'd0;
        stat_tx_reg <= 1'b0;
        stat_tx_bad_reg <= 1'b0;
    end
end
assign stat_tx = stat_tx_reg;
assign stat_tx_bad = stat_tx_bad_reg;

assign m_hdr_opcode    = {`RNIC_BTH_TRANSPORT_UD, `RNIC_BTH_OP_SEND_ONLY};
assign m_hdr_dqpn      = tx_dqpn_reg[23:0];
assign m_hdr_psn       = tx_psn_reg;
assign m_hdr_dmac      = {tx_dmac_hi_reg[15:0], tx_dmac_lo_reg};
assign m_hdr_dip       = tx_dip_reg;
assign m_hdr_ip_id     = tx_ip_id_reg;
assign m_hdr_deth_qkey = tx_qkey_reg;
assign m_hdr_deth_sqpn = 24'd1;
assign m_hdr_pkey      = 16'hFFFF;               // the default P_Key
assign m_hdr_len       = t_len;
assign m_hdr_valid     = t_state_reg == T_HDR;

wire [12:0] t_pos = {{(13-SB_W-LK){1'b0}}, t_beat_reg, {LK{1'b0}}};
reg [K-1:0] t_keep;
integer tk;
always @* begin
    for (tk = 0; tk < K; tk = tk + 1)
        t_keep[tk] = t_pos + tk[12:0] < t_len;
end
assign m_pl_tdata  = tx_mem[t_beat_reg[SB_W-2:0]];
assign m_pl_tkeep  = t_keep;
assign m_pl_tlast  = t_last;
assign m_pl_tvalid = t_state_reg == T_PL;

// ---------------------------------------------------------------------------
// Register reads
// ---------------------------------------------------------------------------
/* verilator lint_off UNUSEDSIGNAL */
wire [15:0] rx_roff = reg_raddr - `RNIC_FW_GSI_RX_DATA;   // word aligned; used inside the window only
wire [15:0] rx_ridx = {2'b00, rx_roff[15:2]};
wire        rx_rdata_hit = reg_raddr >= `RNIC_FW_GSI_RX_DATA && reg_raddr < `RNIC_FW_GSI_RX_DATA + MAD;
wire [15:0] tx_roff = reg_raddr - `RNIC_FW_GSI_TX_DATA;
wire [15:0] tx_ridx = {2'b00, tx_roff[15:2]};
/* verilator lint_on UNUSEDSIGNAL */
wire        tx_rdata_hit = reg_raddr >= `RNIC_FW_GSI_TX_DATA && reg_raddr < `RNIC_FW_GSI_TX_DATA + MAD;
wire [DATA_W-1:0] rx_rbeat = rx_mem[{rx_rslot, rx_ridx[LW +: SB_W-1]}];
wire [DATA_W-1:0] tx_rbeat = tx_mem[tx_ridx[LW +: SB_W-1]];
wire [31:0] rx_rword = rx_rbeat[32*rx_ridx[LW-1:0] +: 32];
wire [31:0] tx_rword = tx_rbeat[32*tx_ridx[LW-1:0] +: 32];

always @* begin
    reg_rdata = 32'd0;
    if (rx_rdata_hit)
        reg_rdata = rx_any ? bswap32(rx_rword) : 32'd0;
    else if (tx_rdata_hit)
        reg_rdata = bswap32(tx_rword);
    else begin
        case (reg_raddr)
        `RNIC_FW_GSI_RX_COUNT:   reg_rdata = {{(31-DW){1'b0}}, rx_count};
        `RNIC_FW_GSI_RX_LEN:     reg_rdata = rx_any ? {19'd0, rx_len[rx_rslot]} : 32'd0;
        `RNIC_FW_GSI_RX_SQPN:    reg_rdata = rx_any ? {8'd0, rx_sqpn[rx_rslot]} : 32'd0;
        `RNIC_FW_GSI_RX_SIP:     reg_rdata = rx_any ? rx_sip[rx_rslot] : 32'd0;
        `RNIC_FW_GSI_RX_SMAC_LO: reg_rdata = rx_any ? rx_smac[rx_rslot][31:0] : 32'd0;
        `RNIC_FW_GSI_RX_SMAC_HI: reg_rdata = rx_any ? {16'd0, rx_smac[rx_rslot][47:32]} : 32'd0;
        `RNIC_FW_GSI_RX_PKEY:    reg_rdata = rx_any ? {16'd0, rx_pkey[rx_rslot]} : 32'd0;
        `RNIC_FW_GSI_TX_DIP:     reg_rdata = tx_dip_reg;
        `RNIC_FW_GSI_TX_DMAC_LO: reg_rdata = tx_dmac_lo_reg;
        `RNIC_FW_GSI_TX_DMAC_HI: reg_rdata = tx_dmac_hi_reg;
        `RNIC_FW_GSI_TX_DQPN:    reg_rdata = tx_dqpn_reg;
        `RNIC_FW_GSI_TX_QKEY:    reg_rdata = tx_qkey_reg;
        `RNIC_FW_GSI_TX_LEN:     reg_rdata = tx_len_reg;
        `RNIC_FW_GSI_TX_STATUS:  reg_rdata = {31'd0, t_state_reg != T_IDLE};
        default:                 reg_rdata = 32'd0;
        endcase
    end
end

endmodule

`default_nettype wire
