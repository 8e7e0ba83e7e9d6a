// rnic_csr: the NIC's two register ports.
//
// Host BAR0 (s_axil_*): identification and capabilities, a 64-bit cycle
// timestamp (reading TIMESTAMP_LO latches the high word into TIMESTAMP_HI),
// the command queue
// (CMDQ_SLOTS slots of CMDQ_SLOT_SIZE bytes at CMDQ_BASE, host-written
// CMDQ_PI), interrupt enable, and the doorbell pages (DB_PAGE_BASE +
// page * DB_PAGE_SIZE + SQ/RQ/CQ) which become db_* pulses. Firmware port
// (s_axil_fw_*): the same command slot RAM at the same offset, CMDQ_CI, the
// context path (CTX_SEL, CTX_DATA, CTX_CMD -> ctx_wr_* broadcast), the port
// identity (cfg_*), the counters (STAT, enum stat), the hardware event
// queue (FW_EVENT and FW_EVENT_DATA show the oldest event, a write to FW_EVENT_POP
// removes it) and the asynchronous event slots (AEQ_SLOTS aeqe entries at
// AEQ_BASE: firmware writes them and FW_AEQ_PI, the host reads them and
// writes BAR0 AEQ_CI). Register offsets and
// fields come from rnic_contract.vh (regblocks bar0, db, fw).
//
// AXI4-Lite behaviour, both ports:
// - a write is taken when AW and W are both valid and the B channel is free
//   (or being emptied this cycle), so back-to-back writes are accepted one
//   per cycle while bready stays high; a read takes two cycles and one read
//   is outstanding at a time;
// - an offset with no register answers DECERR (reads return 0); a write to a
//   read-only register, a partial-strobe write to an action register
//   (CMDQ_PI, CMDQ_CI, CTX_CMD, doorbells) or a CTX_CMD value other than
//   ctx_cmd WRITE answers SLVERR and changes nothing;
// - BAR0 reads anywhere in the doorbell pages return 0 (OKAY); writes to a
//   doorbell page outside SQ/RQ/CQ/SRQ are ignored (OKAY).
// CMDQ_PI and CMDQ_CI hold the written value modulo CMDQ_SLOTS. FW
// IRQ_STATUS[0] is the live condition PI != CI (writing 1 has no effect: the
// condition is level), IRQ_STATUS[1] is "FW_EVENT holds an event",
// IRQ_STATUS[2] "a MAD waits in the GSI mailbox"; fw_irq =
// |(IRQ_ENABLE[2:0] & IRQ_STATUS[2:0]). Firmware accesses to the GSI
// window (GSI_RX_COUNT .. the end of GSI_TX_DATA) go to rnic_gsi (writes
// with all four byte strobes only). A firmware write that changes
// CMDQ_CI pulses irq_valid with vector 0 when BAR0 IRQ_ENABLE[0] is set; one
// that changes FW_AEQ_PI pulses it with vector 1 when BAR0 IRQ_ENABLE[1] is
// set. A firmware write of HOST_IRQ pulses irq_valid with the written vector
// (bits 4:0) unconditionally: the host chose the vector (CM_NOTIFY) and routes
// it. AEQ_PI and AEQ_CI hold the written value modulo AEQ_SLOTS. The host
// reads the AEQ slots; it cannot write them (SLVERR). CTX_STATUS.busy is always 0: a CTX_CMD WRITE
// broadcasts the entry on the next cycle (ctx_wr_data is CTX_DATA as held).
// BAR0 STATUS and FW STATUS show the ready input in bit 0 (the context tables
// are cleared after reset; software waits for it).
//
// Guarantee used by rnic_doorbell: ctx_wr_valid is never high in the cycle of
// a db_valid pulse nor in the cycle after it (the doorbell's check): a BAR0
// write waits while the firmware port has a CTX_CMD write to start, and that
// write waits for the cycle after a db_valid pulse, so each waits at most a
// cycle for the other.
//
// Counters: STATS 32-bit wrapping counters; counter 0 (CYCLES) counts clock
// cycles plus stat_inc[STAT_INC_W-1:0] (cycles a simulator fast-forwarded
// over; the TIMESTAMP counter adds them too), counter i > 0 adds stat_inc[i*STAT_INC_W +: STAT_INC_W] every
// cycle (a one-cycle pulse is an increment of 1, a byte count its value).
`default_nettype none

`include "rnic_contract.vh"

module rnic_csr #(
    parameter ADDR_W = 20,                  // BAR0 byte address bits
    parameter FW_ADDR_W = 16,               // firmware port byte address bits
    parameter LOG_QPS = `RNIC_LOG_QPS,      // CAP_LOG_QPS
    parameter LOG_CQS = `RNIC_LOG_CQS,      // CAP_LOG_CQS
    parameter LOG_MRS = `RNIC_LOG_MRS,      // CAP_LOG_MRS
    parameter LOG_PDS = `RNIC_LOG_PDS,      // CAP_LOG_PDS
    parameter DMA_BITS = 512,               // CAP_DMA_BITS: host DMA data width
    parameter DB_PAGES = `RNIC_DB_PAGES,    // doorbell pages decoded and reported
    parameter CLK_MHZ = 250,                // CAP_CLK_MHZ
    parameter HW_REV = 1,                   // VERSION[31:16]
    parameter STATS = 32,                   // counters at FW STAT (enum stat), 1..256
    parameter STAT_INC_W = 16               // bits of each counter's increment input
) (
    input  wire                          clk,
    input  wire                          rst,

    // host BAR0: AXI4-Lite slave
    input  wire [ADDR_W-1:0]             s_axil_awaddr,
    input  wire [2:0]                    s_axil_awprot,
    input  wire                          s_axil_awvalid,
    output wire                          s_axil_awready,
    input  wire [31:0]                   s_axil_wdata,
    input  wire [3:0]                    s_axil_wstrb,
    input  wire                          s_axil_wvalid,
    output wire                          s_axil_wready,
    output wire [1:0]                    s_axil_bresp,
    output wire                          s_axil_bvalid,
    input  wire                          s_axil_bready,
    input  wire [ADDR_W-1:0]             s_axil_araddr,
    input  wire [2:0]                    s_axil_arprot,
    input  wire                          s_axil_arvalid,
    output wire                          s_axil_arready,
    output wire [31:0]                   s_axil_rdata,
    output wire [1:0]                    s_axil_rresp,
    output wire                          s_axil_rvalid,
    input  wire                          s_axil_rready,

    // firmware port: AXI4-Lite slave
    input  wire [FW_ADDR_W-1:0]          s_axil_fw_awaddr,
    input  wire [2:0]                    s_axil_fw_awprot,
    input  wire                          s_axil_fw_awvalid,
    output wire                          s_axil_fw_awready,
    input  wire [31:0]                   s_axil_fw_wdata,
    input  wire [3:0]                    s_axil_fw_wstrb,
    input  wire                          s_axil_fw_wvalid,
    output wire                          s_axil_fw_wready,
    output wire [1:0]                    s_axil_fw_bresp,
    output wire                          s_axil_fw_bvalid,
    input  wire                          s_axil_fw_bready,
    input  wire [FW_ADDR_W-1:0]          s_axil_fw_araddr,
    input  wire [2:0]                    s_axil_fw_arprot,
    input  wire                          s_axil_fw_arvalid,
    output wire                          s_axil_fw_arready,
    output wire [31:0]                   s_axil_fw_rdata,
    output wire [1:0]                    s_axil_fw_rresp,
    output wire                          s_axil_fw_rvalid,
    input  wire                          s_axil_fw_rready,

    // firmware interrupt line (level)
    output wire                          fw_irq,

    // GSI mailbox registers (rnic_gsi): firmware writes and reads in
    // FW GSI_RX_COUNT .. GSI_TX_DATA go to the block; it decodes them
    output wire                          gsi_wr,
    output wire [15:0]                   gsi_waddr,
    output wire [31:0]                   gsi_wdata,
    output wire [15:0]                   gsi_raddr,
    input  wire [31:0]                   gsi_rdata,
    input  wire                          gsi_rx_pending,

    // host interrupt: command completion (vector 0), async event (vector 1)
    output wire                          irq_valid,
    output wire [4:0]                    irq_vector,

    // hardware event queue head (rnic_evq)
    input  wire                          ev_valid,
    input  wire [63:0]                   ev_event,       // {data word, event}
    output wire                          ev_pop,

    // context write broadcast
    output wire                          ctx_wr_valid,
    output wire [7:0]                    ctx_wr_table,
    output wire [23:0]                   ctx_wr_index,
    output wire [32*`RNIC_CTX_WORDS-1:0] ctx_wr_data,

    // doorbell events
    output wire                          db_valid,
    output wire [15:0]                   db_page,
    output wire [1:0]                    db_reg,
    output wire [31:0]                   db_value,

    // port identity
    output wire [47:0]                   cfg_mac,
    output wire [31:0]                   cfg_ip,
    output wire                          cfg_link_en,

    // counter increments, counter i in slice i (slice 0 unused: CYCLES)
    input  wire [STATS*STAT_INC_W-1:0]   stat_inc,

    // the blocks' reset sweeps are over (BAR0 and FW STATUS[0])
    input  wire                          ready
);

localparam CTX_WORDS = `RNIC_CTX_WORDS;
localparam SLOTS = `RNIC_CMDQ_SLOTS;
localparam IDX_W = $clog2(SLOTS);
localparam CMDQ_WORDS = SLOTS * `RNIC_CMDQ_SLOT_SIZE / 4;
localparam CMDQ_AW = $clog2(CMDQ_WORDS);
localparam CMDQ_LO = `RNIC_CMDQ_BASE;
localparam CMDQ_HI = `RNIC_CMDQ_BASE + CMDQ_WORDS * 4;
localparam DB_LO = `RNIC_DB_PAGE_BASE;
localparam DB_HI = `RNIC_DB_PAGE_BASE + DB_PAGES * `RNIC_DB_PAGE_SIZE;
localparam DB_PAGE_SHIFT = $clog2(`RNIC_DB_PAGE_SIZE);
localparam GSI_LO = `RNIC_FW_GSI_RX_COUNT;
localparam GSI_HI = `RNIC_FW_GSI_TX_DATA + `RNIC_MAD_BYTES;
localparam STAT_LO = `RNIC_FW_STAT;
localparam STAT_HI = `RNIC_FW_STAT + STATS * 4;
localparam CTXD_LO = `RNIC_FW_CTX_DATA;
localparam CTXD_HI = `RNIC_FW_CTX_DATA + CTX_WORDS * 4;
localparam CTXD_AW = $clog2(CTX_WORDS);
localparam AEQ_W = $clog2(`RNIC_AEQ_SLOTS);
localparam AEQ_WORDS = `RNIC_AEQ_SLOTS * `RNIC_AEQ_SLOT_SIZE / 4;
localparam AEQ_AW = $clog2(AEQ_WORDS);
localparam AEQ_LO = `RNIC_AEQ_BASE;
localparam AEQ_HI = `RNIC_AEQ_BASE + AEQ_WORDS * 4;
localparam [15:0] CONTRACT_VERSION = `RNIC_CONTRACT_VERSION;
localparam [7:0] MAX_SEND_SGE = `RNIC_MAX_SEND_SGE;
localparam [7:0] MAX_RECV_SGE = `RNIC_MAX_RECV_SGE;
localparam [7:0] LOG_MAX_WQE = `RNIC_LOG_MAX_WQE;
localparam [7:0] LOG_MAX_CQE = `RNIC_LOG_MAX_CQE;

localparam [1:0] RESP_OKAY = 2'b00;
localparam [1:0] RESP_SLVERR = 2'b10;
localparam [1:0] RESP_DECERR = 2'b11;

initial begin
    if (ADDR_W > 31 || (1 << ADDR_W) < DB_HI) begin
        $error("rnic_csr: ADDR_W must cover the doorbell pages and be <= 31");
        $finish;
    end
    if (FW_ADDR_W > 31 || (1 << FW_ADDR_W) < CMDQ_HI || STAT_HI > CMDQ_LO) begin
        $error("rnic_csr: FW_ADDR_W must cover the command slots and be <= 31");
        $finish;
    end
    if (STATS < 1 || STATS > 256 || STAT_INC_W < 1 || STAT_INC_W > 32) begin
        $error("rnic_csr: STATS must be 1..256 and STAT_INC_W 1..32");
        $finish;
    end
    if ((1 << AEQ_W) != `RNIC_AEQ_SLOTS || (1 << AEQ_AW) != AEQ_WORDS || AEQ_HI > CMDQ_LO ||
        AEQ_LO < STAT_HI) begin
        $error("rnic_csr: AEQ_SLOTS must be a power of two and the AEQ window must sit below the command slots");
        $finish;
    end
    if ((1 << IDX_W) != SLOTS || (1 << CMDQ_AW) != CMDQ_WORDS) begin
        $error("rnic_csr: CMDQ_SLOTS and CMDQ_SLOT_SIZE must be powers of two");
        $finish;
    end
end

// the firmware port does not use AXI protection attributes
/* verilator lint_off UNUSEDSIGNAL */
wire [11:0] prot_unused = {s_axil_awprot, s_axil_arprot, s_axil_fw_awprot, s_axil_fw_arprot};
// CYCLES (counter 0) counts the clock, not an input
// registers are 32-bit words: the byte-offset address bits are ignored
wire [3:0] addr_lsb_unused = {s_axil_awaddr[1:0], s_axil_fw_awaddr[1:0]};
/* verilator lint_on UNUSEDSIGNAL */

// ---------------------------------------------------------------------------
// state

// host write channel
reg        h_bvalid_reg, h_bvalid_next;
reg [1:0]  h_bresp_reg, h_bresp_next;
// host read channel: pend = address taken, RAM read under way
reg        h_rpend_reg, h_rpend_next;
reg [ADDR_W-1:0] h_raddr_reg, h_raddr_next;
reg        h_rvalid_reg, h_rvalid_next;
reg [31:0] h_rdata_reg, h_rdata_next;
reg [1:0]  h_rresp_reg, h_rresp_next;
// firmware write channel
reg        f_bvalid_reg, f_bvalid_next;
reg [1:0]  f_bresp_reg, f_bresp_next;
// firmware read channel
reg        f_rpend_reg, f_rpend_next;
reg [FW_ADDR_W-1:0] f_raddr_reg, f_raddr_next;
reg        f_rvalid_reg, f_rvalid_next;
reg [31:0] f_rdata_reg, f_rdata_next;
reg [1:0]  f_rresp_reg, f_rresp_next;

// registers
reg [IDX_W-1:0] cmdq_pi_reg, cmdq_pi_next;
reg [IDX_W-1:0] cmdq_ci_reg, cmdq_ci_next;
reg [1:0]  h_irq_en_reg, h_irq_en_next;
reg [AEQ_W-1:0] aeq_pi_reg, aeq_pi_next;
reg [AEQ_W-1:0] aeq_ci_reg, aeq_ci_next;
reg [63:0] timestamp_reg;                       // cycles since reset
reg [31:0] ts_hi_reg, ts_hi_next;               // TIMESTAMP_HI latched by a TIMESTAMP_LO read
reg [2:0]  f_irq_en_reg, f_irq_en_next;
reg [31:0] ctx_sel_reg, ctx_sel_next;
reg [32*CTX_WORDS-1:0] ctx_data_reg, ctx_data_next;
reg [31:0] mac_lo_reg, mac_lo_next;
reg [15:0] mac_hi_reg, mac_hi_next;
reg [31:0] ip_reg, ip_next;
reg        link_en_reg, link_en_next;
reg [STATS*32-1:0] stat_reg, stat_next;

// event outputs
reg        irq_valid_reg, irq_valid_next;
reg [4:0]  irq_vec_reg, irq_vec_next;
reg        ctx_wr_valid_reg, ctx_wr_valid_next;
reg        db_valid_reg, db_valid_next;
reg [15:0] db_page_reg, db_page_next;
reg [1:0]  db_reg_reg, db_reg_next;
reg [31:0] db_value_reg, db_value_next;

// command slot RAM: two ports (host, firmware), each a read or a write per
// cycle (block RAM, true dual-port)
reg [31:0] cmdq_mem [0:CMDQ_WORDS-1];
reg [31:0] h_ram_q_reg;
reg [31:0] f_ram_q_reg;
// asynchronous event slot RAM: firmware writes, host and firmware read
reg [31:0] aeq_mem [0:AEQ_WORDS-1];
reg [31:0] h_aeq_q_reg;
reg [31:0] f_aeq_q_reg;
reg               f_aeq_we;
reg               h_ram_we;
reg               f_ram_we;
reg [CMDQ_AW-1:0] h_ram_waddr;
reg [CMDQ_AW-1:0] f_ram_waddr;

// ---------------------------------------------------------------------------
// handshakes and address decode

wire f_wr_go = s_axil_fw_awvalid && s_axil_fw_wvalid && (!f_bvalid_reg || s_axil_fw_bready);
wire [31:0] f_waddr = {{(32-FW_ADDR_W){1'b0}}, s_axil_fw_awaddr[FW_ADDR_W-1:2], 2'b00};
wire f_ctx_want = f_wr_go && f_waddr == `RNIC_FW_CTX_CMD;
// a context write waits one cycle while a doorbell is out (its broadcast
// would come in the cycle rnic_doorbell checks that doorbell)
wire f_wr_fire = f_wr_go && !(f_ctx_want && db_valid_reg);
// a BAR0 write waits while the firmware port has a context write to start
// (its broadcast would come with the doorbell), so neither side starves
wire h_wr_fire = s_axil_awvalid && s_axil_wvalid && (!h_bvalid_reg || s_axil_bready) && !f_ctx_want;
wire [31:0] h_waddr = {{(32-ADDR_W){1'b0}}, s_axil_awaddr[ADDR_W-1:2], 2'b00};

wire [31:0] h_raddr = {{(32-ADDR_W){1'b0}}, h_raddr_reg[ADDR_W-1:2], 2'b00};
wire [31:0] f_raddr = {{(32-FW_ADDR_W){1'b0}}, f_raddr_reg[FW_ADDR_W-1:2], 2'b00};

wire h_w_cmdq = h_waddr >= CMDQ_LO && h_waddr < CMDQ_HI;
wire h_w_db = h_waddr >= DB_LO && h_waddr < DB_HI;
wire f_w_cmdq = f_waddr >= CMDQ_LO && f_waddr < CMDQ_HI;
wire h_w_aeq = h_waddr >= AEQ_LO && h_waddr < AEQ_HI;
wire f_w_aeq = f_waddr >= AEQ_LO && f_waddr < AEQ_HI;
// A read starts when the port has no read pending, and not in a cycle its
// own side writes the command slot RAM: each side has one port of that RAM,
// for a read or a write, as a true dual-port block RAM has.
wire h_rd_fire = s_axil_arvalid && !h_rpend_reg && !h_rvalid_reg && !(h_wr_fire && h_w_cmdq);
wire f_rd_fire = s_axil_fw_arvalid && !f_rpend_reg && !f_rvalid_reg && !(f_wr_fire && f_w_cmdq);
// offsets inside a window: only the bits that index the window are used
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] h_db_off = h_waddr - DB_LO;
wire [31:0] h_wcmdq_off = h_waddr - CMDQ_LO;
wire [31:0] f_wcmdq_off = f_waddr - CMDQ_LO;
wire [31:0] f_waeq_off = f_waddr - AEQ_LO;
wire [31:0] h_raeq_off = {{(32-ADDR_W){1'b0}}, s_axil_araddr[ADDR_W-1:2], 2'b00} - AEQ_LO;
wire [31:0] f_raeq_off = {{(32-FW_ADDR_W){1'b0}}, s_axil_fw_araddr[FW_ADDR_W-1:2], 2'b00} - AEQ_LO;
wire [31:0] h_rcmdq_off = {{(32-ADDR_W){1'b0}}, s_axil_araddr[ADDR_W-1:2], 2'b00} - CMDQ_LO;
wire [31:0] f_rcmdq_off = {{(32-FW_ADDR_W){1'b0}}, s_axil_fw_araddr[FW_ADDR_W-1:2], 2'b00} - CMDQ_LO;
wire [31:0] f_ctxd_off = f_waddr - CTXD_LO;
wire [31:0] f_rctxd_off = f_raddr - CTXD_LO;
wire [31:0] f_rstat_off = f_raddr - STAT_LO;
/* verilator lint_on UNUSEDSIGNAL */

// byte-strobe merge of a write into an old register value
function [31:0] merge;
    input [31:0] old;
    input [31:0] data;
    input [3:0]  strb;
    integer b;
    begin
        for (b = 0; b < 4; b = b + 1) begin
            merge[b*8 +: 8] = strb[b] ? data[b*8 +: 8] : old[b*8 +: 8];
        end
    end
endfunction

// PORT_MAC_HI holds 16 bits; the upper half of the merge is dropped
/* verilator lint_off UNUSEDSIGNAL */
wire [31:0] f_mac_hi_merged = merge({16'd0, mac_hi_reg}, s_axil_fw_wdata, s_axil_fw_wstrb);
/* verilator lint_on UNUSEDSIGNAL */

// ---------------------------------------------------------------------------
// next state

integer i;

always @* begin
    h_bvalid_next = h_bvalid_reg && !s_axil_bready;
    h_bresp_next = h_bresp_reg;
    h_rpend_next = h_rpend_reg;
    h_raddr_next = h_raddr_reg;
    h_rvalid_next = h_rvalid_reg && !s_axil_rready;
    h_rdata_next = h_rdata_reg;
    h_rresp_next = h_rresp_reg;
    f_bvalid_next = f_bvalid_reg && !s_axil_fw_bready;
    f_bresp_next = f_bresp_reg;
    f_rpend_next = f_rpend_reg;
    f_raddr_next = f_raddr_reg;
    f_rvalid_next = f_rvalid_reg && !s_axil_fw_rready;
    f_rdata_next = f_rdata_reg;
    f_rresp_next = f_rresp_reg;

    cmdq_pi_next = cmdq_pi_reg;
    cmdq_ci_next = cmdq_ci_reg;
    h_irq_en_next = h_irq_en_reg;
    ts_hi_next = ts_hi_reg;
    f_irq_en_next = f_irq_en_reg;
    ctx_sel_next = ctx_sel_reg;
    ctx_data_next = ctx_data_reg;
    mac_lo_next = mac_lo_reg;
    mac_hi_next = mac_hi_reg;
    ip_next = ip_reg;
    link_en_next = link_en_reg;

    aeq_pi_next = aeq_pi_reg;
    aeq_ci_next = aeq_ci_reg;
    irq_valid_next = 1'b0;
    irq_vec_next = irq_vec_reg;
    f_aeq_we = 1'b0;
    ctx_wr_valid_next = 1'b0;
    db_valid_next = 1'b0;
    db_page_next = db_page_reg;
    db_reg_next = db_reg_reg;
    db_value_next = db_value_reg;

    h_ram_we = 1'b0;
    h_ram_waddr = h_wcmdq_off[CMDQ_AW+1:2];
    f_ram_we = 1'b0;
    f_ram_waddr = f_wcmdq_off[CMDQ_AW+1:2];

    // counters
    for (i = 0; i < STATS; i = i + 1) begin
        if (i == 0) begin
            // cycles, plus those a simulator's fast-forward skipped
            stat_next[31:0] = stat_reg[31:0] + 32'd1 +
                {{(32-STAT_INC_W){1'b0}}, stat_inc[STAT_INC_W-1:0]};
        end else begin
            stat_next[i*32 +: 32] = stat_reg[i*32 +: 32] +
                {{(32-STAT_INC_W){1'b0}}, stat_inc[i*STAT_INC_W +: STAT_INC_W]};
        end
    end

    // ---- host write
    if (h_wr_fire) begin
        h_bvalid_next = 1'b1;
        h_bresp_next = RESP_OKAY;
        if (h_w_cmdq) begin
            h_ram_we = 1'b1;
        end else if (h_w_aeq) begin
            h_bresp_next = RESP_SLVERR;
        end else if (h_w_db) begin
            if (h_db_off[DB_PAGE_SHIFT-1:0] == `RNIC_DB_SQ ||
                h_db_off[DB_PAGE_SHIFT-1:0] == `RNIC_DB_RQ ||
                h_db_off[DB_PAGE_SHIFT-1:0] == `RNIC_DB_CQ ||
                h_db_off[DB_PAGE_SHIFT-1:0] == `RNIC_DB_SRQ) begin
                if (s_axil_wstrb == 4'hF) begin
                    db_valid_next = 1'b1;
                    db_page_next = h_db_off[DB_PAGE_SHIFT +: 16];
                    db_reg_next = h_db_off[3:2];
                    db_value_next = s_axil_wdata;
                end else begin
                    h_bresp_next = RESP_SLVERR;
                end
            end
        end else begin
            case (h_waddr)
                `RNIC_BAR0_ID, `RNIC_BAR0_VERSION, `RNIC_BAR0_CAP_LOG_QPS,
                `RNIC_BAR0_CAP_LOG_CQS, `RNIC_BAR0_CAP_LOG_MRS, `RNIC_BAR0_CAP_LOG_PDS,
                `RNIC_BAR0_CAP_SGE, `RNIC_BAR0_CAP_INLINE, `RNIC_BAR0_CAP_LOG_DEPTH,
                `RNIC_BAR0_CAP_DMA_BITS, `RNIC_BAR0_CAP_DB_PAGES, `RNIC_BAR0_CAP_CLK_MHZ,
                `RNIC_BAR0_TIMESTAMP_LO, `RNIC_BAR0_TIMESTAMP_HI, `RNIC_BAR0_STATUS,
                `RNIC_BAR0_CMDQ_CI, `RNIC_BAR0_AEQ_PI: begin
                    h_bresp_next = RESP_SLVERR;
                end
                `RNIC_BAR0_CMDQ_PI: begin
                    if (s_axil_wstrb == 4'hF) begin
                        cmdq_pi_next = s_axil_wdata[IDX_W-1:0];
                    end else begin
                        h_bresp_next = RESP_SLVERR;
                    end
                end
                `RNIC_BAR0_IRQ_ENABLE: begin
                    if (s_axil_wstrb[0]) begin
                        h_irq_en_next = s_axil_wdata[1:0];
                    end
                end
                `RNIC_BAR0_AEQ_CI: begin
                    if (s_axil_wstrb == 4'hF) begin
                        aeq_ci_next = s_axil_wdata[AEQ_W-1:0];
                    end else begin
                        h_bresp_next = RESP_SLVERR;
                    end
                end
                default: begin
                    h_bresp_next = RESP_DECERR;
                end
            endcase
        end
    end

    // ---- firmware write
    if (f_wr_fire) begin
        f_bvalid_next = 1'b1;
        f_bresp_next = RESP_OKAY;
        if (f_w_cmdq) begin
            f_ram_we = 1'b1;
        end else if (f_w_aeq) begin
            f_aeq_we = 1'b1;
        end else if (f_waddr >= CTXD_LO && f_waddr < CTXD_HI) begin
            ctx_data_next[f_ctxd_off[CTXD_AW+1:2]*32 +: 32] =
                merge(ctx_data_reg[f_ctxd_off[CTXD_AW+1:2]*32 +: 32], s_axil_fw_wdata, s_axil_fw_wstrb);
        end else if (f_waddr >= STAT_LO && f_waddr < STAT_HI) begin
            f_bresp_next = RESP_SLVERR;
        end else if (f_waddr >= GSI_LO && f_waddr < GSI_HI) begin
            // rnic_gsi takes the write (gsi_wr)
        end else begin
            case (f_waddr)
                `RNIC_FW_ID, `RNIC_FW_CMDQ_PI, `RNIC_FW_CTX_STATUS, `RNIC_FW_EVENT, `RNIC_FW_EVENT_DATA,
                `RNIC_FW_AEQ_CI, `RNIC_FW_STATUS: begin
                    f_bresp_next = RESP_SLVERR;
                end
                `RNIC_FW_IRQ_STATUS: begin
                    // level status: nothing to clear
                end
                `RNIC_FW_IRQ_ENABLE: begin
                    if (s_axil_fw_wstrb[0]) begin
                        f_irq_en_next = s_axil_fw_wdata[2:0];
                    end
                end
                `RNIC_FW_EVENT_POP: begin
                    // ev_pop is decoded from the write itself
                end
                `RNIC_FW_HOST_IRQ: begin
                    if (s_axil_fw_wstrb == 4'hF) begin
                        irq_valid_next = 1'b1;
                        irq_vec_next = s_axil_fw_wdata[4:0];
                    end else begin
                        f_bresp_next = RESP_SLVERR;
                    end
                end
                `RNIC_FW_AEQ_PI: begin
                    if (s_axil_fw_wstrb == 4'hF) begin
                        aeq_pi_next = s_axil_fw_wdata[AEQ_W-1:0];
                        irq_valid_next = h_irq_en_reg[1] && s_axil_fw_wdata[AEQ_W-1:0] != aeq_pi_reg;
                        irq_vec_next = 5'd1;
                    end else begin
                        f_bresp_next = RESP_SLVERR;
                    end
                end
                `RNIC_FW_CMDQ_CI: begin
                    if (s_axil_fw_wstrb == 4'hF) begin
                        cmdq_ci_next = s_axil_fw_wdata[IDX_W-1:0];
                        irq_valid_next = h_irq_en_reg[0] && s_axil_fw_wdata[IDX_W-1:0] != cmdq_ci_reg;
                        irq_vec_next = 5'd0;
                    end else begin
                        f_bresp_next = RESP_SLVERR;
                    end
                end
                `RNIC_FW_CTX_SEL: begin
                    ctx_sel_next = merge(ctx_sel_reg, s_axil_fw_wdata, s_axil_fw_wstrb);
                end
                `RNIC_FW_CTX_CMD: begin
                    if (s_axil_fw_wstrb == 4'hF && s_axil_fw_wdata == `RNIC_CTX_CMD_WRITE) begin
                        ctx_wr_valid_next = 1'b1;
                    end else begin
                        f_bresp_next = RESP_SLVERR;
                    end
                end
                `RNIC_FW_PORT_MAC_LO: begin
                    mac_lo_next = merge(mac_lo_reg, s_axil_fw_wdata, s_axil_fw_wstrb);
                end
                `RNIC_FW_PORT_MAC_HI: begin
                    mac_hi_next = f_mac_hi_merged[15:0];
                end
                `RNIC_FW_PORT_IPV4: begin
                    ip_next = merge(ip_reg, s_axil_fw_wdata, s_axil_fw_wstrb);
                end
                `RNIC_FW_PORT_CTRL: begin
                    if (s_axil_fw_wstrb[0]) begin
                        link_en_next = s_axil_fw_wdata[0];
                    end
                end
                default: begin
                    f_bresp_next = RESP_DECERR;
                end
            endcase
        end
    end

    // ---- host read: cycle 1 takes the address (RAM read), cycle 2 answers
    if (h_rd_fire) begin
        h_rpend_next = 1'b1;
        h_raddr_next = s_axil_araddr;
    end
    if (h_rpend_reg) begin
        h_rpend_next = 1'b0;
        h_rvalid_next = 1'b1;
        h_rresp_next = RESP_OKAY;
        h_rdata_next = 32'd0;
        if (h_raddr >= CMDQ_LO && h_raddr < CMDQ_HI) begin
            h_rdata_next = h_ram_q_reg;
        end else if (h_raddr >= AEQ_LO && h_raddr < AEQ_HI) begin
            h_rdata_next = h_aeq_q_reg;
        end else if (h_raddr >= DB_LO && h_raddr < DB_HI) begin
            h_rdata_next = 32'd0;
        end else begin
            case (h_raddr)
                `RNIC_BAR0_ID:            h_rdata_next = `RNIC_MAGIC;
                `RNIC_BAR0_VERSION:       h_rdata_next = {HW_REV[15:0], CONTRACT_VERSION};
                `RNIC_BAR0_CAP_LOG_QPS:   h_rdata_next = LOG_QPS;
                `RNIC_BAR0_CAP_LOG_CQS:   h_rdata_next = LOG_CQS;
                `RNIC_BAR0_CAP_LOG_MRS:   h_rdata_next = LOG_MRS;
                `RNIC_BAR0_CAP_LOG_PDS:   h_rdata_next = LOG_PDS;
                `RNIC_BAR0_CAP_SGE:       h_rdata_next = {16'd0, MAX_RECV_SGE, MAX_SEND_SGE};
                `RNIC_BAR0_CAP_INLINE:    h_rdata_next = `RNIC_MAX_INLINE;
                `RNIC_BAR0_CAP_LOG_DEPTH: h_rdata_next = {16'd0, LOG_MAX_CQE, LOG_MAX_WQE};
                `RNIC_BAR0_CAP_DMA_BITS:  h_rdata_next = DMA_BITS;
                `RNIC_BAR0_CAP_DB_PAGES:  h_rdata_next = DB_PAGES;
                `RNIC_BAR0_CAP_CLK_MHZ:   h_rdata_next = CLK_MHZ;
                `RNIC_BAR0_TIMESTAMP_LO: begin
                    h_rdata_next = timestamp_reg[31:0];
                    ts_hi_next = timestamp_reg[63:32];
                end
                `RNIC_BAR0_TIMESTAMP_HI:  h_rdata_next = ts_hi_reg;
                `RNIC_BAR0_STATUS:        h_rdata_next = {31'd0, ready};
                `RNIC_BAR0_CMDQ_PI:       h_rdata_next = {{(32-IDX_W){1'b0}}, cmdq_pi_reg};
                `RNIC_BAR0_CMDQ_CI:       h_rdata_next = {{(32-IDX_W){1'b0}}, cmdq_ci_reg};
                `RNIC_BAR0_IRQ_ENABLE:    h_rdata_next = {30'd0, h_irq_en_reg};
                `RNIC_BAR0_AEQ_PI:        h_rdata_next = {{(32-AEQ_W){1'b0}}, aeq_pi_reg};
                `RNIC_BAR0_AEQ_CI:        h_rdata_next = {{(32-AEQ_W){1'b0}}, aeq_ci_reg};
                default:                  h_rresp_next = RESP_DECERR;
            endcase
        end
    end

    // ---- firmware read
    if (f_rd_fire) begin
        f_rpend_next = 1'b1;
        f_raddr_next = s_axil_fw_araddr;
    end
    if (f_rpend_reg) begin
        f_rpend_next = 1'b0;
        f_rvalid_next = 1'b1;
        f_rresp_next = RESP_OKAY;
        f_rdata_next = 32'd0;
        if (f_raddr >= CMDQ_LO && f_raddr < CMDQ_HI) begin
            f_rdata_next = f_ram_q_reg;
        end else if (f_raddr >= AEQ_LO && f_raddr < AEQ_HI) begin
            f_rdata_next = f_aeq_q_reg;
        end else if (f_raddr >= CTXD_LO && f_raddr < CTXD_HI) begin
            f_rdata_next = ctx_data_reg[f_rctxd_off[CTXD_AW+1:2]*32 +: 32];
        end else if (f_raddr >= STAT_LO && f_raddr < STAT_HI) begin
            f_rdata_next = stat_reg[f_rstat_off[9:2]*32 +: 32];
        end else if (f_raddr >= GSI_LO && f_raddr < GSI_HI) begin
            f_rdata_next = gsi_rdata;
        end else begin
            case (f_raddr)
                `RNIC_FW_ID:          f_rdata_next = `RNIC_MAGIC;
                `RNIC_FW_IRQ_STATUS:  f_rdata_next = {29'd0, gsi_rx_pending, ev_valid, cmdq_pi_reg != cmdq_ci_reg};
                `RNIC_FW_IRQ_ENABLE:  f_rdata_next = {29'd0, f_irq_en_reg};
                `RNIC_FW_STATUS:      f_rdata_next = {31'd0, ready};
                `RNIC_FW_EVENT:       f_rdata_next = ev_valid ? ev_event[31:0] : 32'd0;
                `RNIC_FW_EVENT_DATA:  f_rdata_next = ev_valid ? ev_event[63:32] : 32'd0;
                `RNIC_FW_EVENT_POP:   f_rdata_next = 32'd0;
                `RNIC_FW_HOST_IRQ:    f_rdata_next = 32'd0;
                `RNIC_FW_AEQ_PI:      f_rdata_next = {{(32-AEQ_W){1'b0}}, aeq_pi_reg};
                `RNIC_FW_AEQ_CI:      f_rdata_next = {{(32-AEQ_W){1'b0}}, aeq_ci_reg};
                `RNIC_FW_CMDQ_PI:     f_rdata_next = {{(32-IDX_W){1'b0}}, cmdq_pi_reg};
                `RNIC_FW_CMDQ_CI:     f_rdata_next = {{(32-IDX_W){1'b0}}, cmdq_ci_reg};
                `RNIC_FW_CTX_SEL:     f_rdata_next = ctx_sel_reg;
                `RNIC_FW_CTX_CMD:     f_rdata_next = 32'd0;
                `RNIC_FW_CTX_STATUS:  f_rdata_next = 32'd0;
                `RNIC_FW_PORT_MAC_LO: f_rdata_next = mac_lo_reg;
                `RNIC_FW_PORT_MAC_HI: f_rdata_next = {16'd0, mac_hi_reg};
                `RNIC_FW_PORT_IPV4:   f_rdata_next = ip_reg;
                `RNIC_FW_PORT_CTRL:   f_rdata_next = {31'd0, link_en_reg};
                default:              f_rresp_next = RESP_DECERR;
            endcase
        end
    end
end

// ---------------------------------------------------------------------------
// command slot RAM

integer bi;

// one address per port: the write's, else the read's (never both, h_rd_fire
// and f_rd_fire wait)
wire [CMDQ_AW-1:0] h_ram_addr = h_ram_we ? h_ram_waddr : h_rcmdq_off[CMDQ_AW+1:2];
wire [CMDQ_AW-1:0] f_ram_addr = f_ram_we ? f_ram_waddr : f_rcmdq_off[CMDQ_AW+1:2];

always @(posedge clk) begin
    if (h_ram_we) begin
        for (bi = 0; bi < 4; bi = bi + 1) begin
            if (s_axil_wstrb[bi]) begin
                cmdq_mem[h_ram_addr][bi*8 +: 8] <= s_axil_wdata[bi*8 +: 8];
            end
        end
    end
    if (f_ram_we) begin
        for (bi = 0; bi < 4; bi = bi + 1) begin
            if (s_axil_fw_wstrb[bi]) begin
                cmdq_mem[f_ram_addr][bi*8 +: 8] <= s_axil_fw_wdata[bi*8 +: 8];
            end
        end
    end
    if (h_rd_fire) begin
        h_ram_q_reg <= cmdq_mem[h_ram_addr];
    end
    if (f_aeq_we) begin
        for (bi = 0; bi < 4; bi = bi + 1) begin
            if (s_axil_fw_wstrb[bi]) begin
                aeq_mem[f_waeq_off[AEQ_AW+1:2]][bi*8 +: 8] <= s_axil_fw_wdata[bi*8 +: 8];
            end
        end
    end
    if (h_rd_fire) begin
        h_aeq_q_reg <= aeq_mem[h_raeq_off[AEQ_AW+1:2]];
    end
    if (f_rd_fire) begin
        f_aeq_q_reg <= aeq_mem[f_raeq_off[AEQ_AW+1:2]];
    end
    if (f_rd_fire) begin
        f_ram_q_reg <= cmdq_mem[f_ram_addr];
    end
end

// ---------------------------------------------------------------------------
// registers

always @(posedge clk) begin
    h_bresp_reg <= h_bresp_next;
    h_raddr_reg <= h_raddr_next;
    h_rdata_reg <= h_rdata_next;
    h_rresp_reg <= h_rresp_next;
    f_bresp_reg <= f_bresp_next;
    f_raddr_reg <= f_raddr_next;
    f_rdata_reg <= f_rdata_next;
    f_rresp_reg <= f_rresp_next;
    ctx_sel_reg <= ctx_sel_next;
    ctx_data_reg <= ctx_data_next;
    mac_lo_reg <= mac_lo_next;
    mac_hi_reg <= mac_hi_next;
    ip_reg <= ip_next;
    db_page_reg <= db_page_next;
    db_reg_reg <= db_reg_next;
    db_value_reg <= db_value_next;

    if (rst) begin
        h_bvalid_reg <= 1'b0;
        h_rpend_reg <= 1'b0;
        h_rvalid_reg <= 1'b0;
        f_bvalid_reg <= 1'b0;
        f_rpend_reg <= 1'b0;
        f_rvalid_reg <= 1'b0;
        cmdq_pi_reg <= {IDX_W{1'b0}};
        cmdq_ci_reg <= {IDX_W{1'b0}};
        h_irq_en_reg <= 2'b00;
        aeq_pi_reg <= {AEQ_W{1'b0}};
        aeq_ci_reg <= {AEQ_W{1'b0}};
        irq_vec_reg <= 5'd0;
        timestamp_reg <= 64'd0;
        ts_hi_reg <= 32'd0;
        f_irq_en_reg <= 3'b000;
        link_en_reg <= 1'b0;
        stat_reg <= {STATS*32{1'b0}};
        irq_valid_reg <= 1'b0;
        ctx_wr_valid_reg <= 1'b0;
        db_valid_reg <= 1'b0;
    end else begin
        h_bvalid_reg <= h_bvalid_next;
        h_rpend_reg <= h_rpend_next;
        h_rvalid_reg <= h_rvalid_next;
        f_bvalid_reg <= f_bvalid_next;
        f_rpend_reg <= f_rpend_next;
        f_rvalid_reg <= f_rvalid_next;
        cmdq_pi_reg <= cmdq_pi_next;
        cmdq_ci_reg <= cmdq_ci_next;
        h_irq_en_reg <= h_irq_en_next;
        aeq_pi_reg <= aeq_pi_next;
        aeq_ci_reg <= aeq_ci_next;
        irq_vec_reg <= irq_vec_next;
        timestamp_reg <= timestamp_reg + 64'd1 + {{(64-STAT_INC_W){1'b0}}, stat_inc[STAT_INC_W-1:0]};
        ts_hi_reg <= ts_hi_next;
        f_irq_en_reg <= f_irq_en_next;
        link_en_reg <= link_en_next;
        stat_reg <= stat_next;
        irq_valid_reg <= irq_valid_next;
        ctx_wr_valid_reg <= ctx_wr_valid_next;
        db_valid_reg <= db_valid_next;
    end
end

// ---------------------------------------------------------------------------
// outputs

assign s_axil_awready = h_wr_fire;
assign s_axil_wready = h_wr_fire;
assign s_axil_bresp = h_bresp_reg;
assign s_axil_bvalid = h_bvalid_reg;
assign s_axil_arready = h_rd_fire;
assign s_axil_rdata = h_rdata_reg;
assign s_axil_rresp = h_rresp_reg;
assign s_axil_rvalid = h_rvalid_reg;

assign s_axil_fw_awready = f_wr_fire;
assign s_axil_fw_wready = f_wr_fire;
assign s_axil_fw_bresp = f_bresp_reg;
assign s_axil_fw_bvalid = f_bvalid_reg;
assign s_axil_fw_arready = f_rd_fire;
assign s_axil_fw_rdata = f_rdata_reg;
assign s_axil_fw_rresp = f_rresp_reg;
assign s_axil_fw_rvalid = f_rvalid_reg;

assign fw_irq = (f_irq_en_reg[0] && cmdq_pi_reg != cmdq_ci_reg) || (f_irq_en_reg[1] && ev_valid) ||
                (f_irq_en_reg[2] && gsi_rx_pending);
assign gsi_wr = f_wr_fire && f_waddr >= GSI_LO && f_waddr < GSI_HI && s_axil_fw_wstrb == 4'hF;
assign gsi_waddr = f_waddr[15:0];
assign gsi_wdata = s_axil_fw_wdata;
assign gsi_raddr = f_raddr[15:0];
assign irq_valid = irq_valid_reg;
assign irq_vector = irq_vec_reg;
assign ev_pop = f_wr_fire && f_waddr == `RNIC_FW_EVENT_POP;

assign ctx_wr_valid = ctx_wr_valid_reg;
assign ctx_wr_table = ctx_sel_reg[7:0];
assign ctx_wr_index = ctx_sel_reg[31:8];
assign ctx_wr_data = ctx_data_reg;

assign db_valid = db_valid_reg;
assign db_page = db_page_reg;
assign db_reg = db_reg_reg;
assign db_value = db_value_reg;

assign cfg_mac = {mac_hi_reg, mac_lo_reg};
assign cfg_ip = ip_reg;
assign cfg_link_en = link_en_reg;

endmodule

`default_nettype wire
