// rnic_resp_wqe: the responder's receive WQE loader, inside rnic_resp
// (docs/rtl-interfaces.md, "Requester (rnic_req) and responder (rnic_resp)").
//
// Once the responder has asked for a receive WQE (its DMA read request was
// taken: start), the loader takes the WQE's 16-byte records from
// rnic_resp_rec (record 0 the header with num_sge, then one data segment
// per SGE) and checks them one by one:
// - the header: num_sge at most MAX_SGE and the WQE's header and SGEs within
//   its stride, else LOC_QP_OP_ERR;
// - each of the first num_sge SGEs: its lkey's entry is read from the
//   responder's key table (it drives the table's read address while it
//   works: key, key_use), then checked (rnic_key_check: valid, tag, the QP's
//   PD or its SRQ's, LOCAL_WRITE, [addr, addr+length) inside the region; a
//   zero-length SGE passes) and written to the QP's SGE table translated to
//   a device address (sge_we, sge_slot, sge_wd {device address, length}), its
//   length added to the WQE's total (sum); a failed check is LOC_PROT_ERR;
// - a read that reports a bus error is LOC_QP_OP_ERR (WQE unreadable).
// Records after the first error, or past num_sge, are taken and ignored.
// done pulses in the cycle the loader finishes (the stream's last record
// taken and checked); err (a wc_status, 0 for none) and few (the stream
// ended before num_sge SGEs) then hold until the next start.
//
// Timing per record: a header or an ignored record is taken in one cycle
// (L_REC); an SGE takes three (L_REC, L_MPT: the entry is on the table's
// registered read and the check registered, L_CHK: the SGE written).
`default_nettype none

`include "rnic_contract.vh"

module rnic_resp_wqe #(
    parameter MAX_SGE = `RNIC_MAX_RECV_SGE,   // receive SGEs per WQE (power of two >= 2)
    parameter KEY_W = `RNIC_LOG_MRS           // log2 of the memory-key table size
) (
    input  wire                  clk,
    input  wire                  rst,

    input  wire                  start,
    input  wire [31:0]           stride_bytes,  // the ring's WQE stride
    input  wire [23:0]           pdn,           // the QP's PD (its SRQ's)
    input  wire [23:0]           qpn,

    // WQE records (rnic_resp_rec) and the read's error flag
    input  wire [127:0]          rec,
    input  wire                  rec_last,
    input  wire                  rec_valid,
    output wire                  rec_ready,
    input  wire                  rd_error,

    // the key table: read address while the loader uses it, the entry a
    // cycle after the address
    output wire [31:0]           key,
    output wire                  key_use,
    input  wire [`RNIC_MPT_SHADOW_BITS-1:0] entry,

    // the QP's SGE table
    output wire                  sge_we,
    output wire [$clog2(MAX_SGE)-1:0] sge_slot,
    output wire [95:0]           sge_wd,

    output wire                  done,
    output wire [7:0]            err,       // wc_status, 0 = fine
    output wire                  few,       // fewer SGE records than num_sge
    output wire [31:0]           sum        // the SGEs' lengths added
);

localparam SIDX_W = $clog2(MAX_SGE);
localparam SCNT_W = $clog2(MAX_SGE + 1);
localparam [1:0] L_IDLE = 2'd0, L_REC = 2'd1, L_MPT = 2'd2, L_CHK = 2'd3;

initial begin
    if (MAX_SGE < 2 || (MAX_SGE & (MAX_SGE - 1)) != 0 || MAX_SGE > 255)
        $error("rnic_resp_wqe: MAX_SGE must be a power of two from 2 to 128");
end

reg [1:0]        state_reg, state_next;
reg [SCNT_W:0]   f_k_reg, f_k_next;           // records seen
reg [SCNT_W-1:0] f_nsge_reg, f_nsge_next;
reg [31:0]       f_sum_reg, f_sum_next;
reg [7:0]        f_err_reg, f_err_next;       // wc_status, 0 = fine
reg              f_done_reg, f_done_next;     // the stream's last record taken
reg [127:0]      f_sge_reg, f_sge_next;

wire [31:0] rec_lkey = rec[`RNIC_DATA_SEG_LKEY_LSB +: `RNIC_DATA_SEG_LKEY_W];
wire [7:0]  rec_nsge = rec[`RNIC_RECV_WQE_NUM_SGE_LSB +: `RNIC_RECV_WQE_NUM_SGE_W];
wire [31:0] f_lkey = f_sge_reg[`RNIC_DATA_SEG_LKEY_LSB +: 32];
wire [63:0] f_addr = f_sge_reg[`RNIC_DATA_SEG_ADDR_LSB +: 64];
wire [31:0] f_len  = f_sge_reg[`RNIC_DATA_SEG_LENGTH_LSB +: 32];

// the SGE's lkey from L_REC, where its record arrives, to L_CHK
assign key = (state_reg == L_REC) ? rec_lkey : f_lkey;
assign key_use = (state_reg == L_REC) || (state_reg == L_MPT);

// receive SGE check: LOCAL_WRITE, tag, PD and bounds
wire        kc_ok;
wire [63:0] xlat;      // the SGE's address as a device address
rnic_key_check #(
    .KEY_W(KEY_W)
) sge_check (
    .entry(entry),
    .key(f_lkey),
    .remote(1'b0),
    .pdn(pdn),
    .qpn(qpn),
    .need(`RNIC_ACCESS_LOCAL_WRITE),
    .addr(f_addr),
    .len(f_len),
    .ok(kc_ok),
    .dev_addr(xlat)
);
reg ok_reg;
always @(posedge clk)
    if (state_reg == L_MPT)
        ok_reg <= f_len == 32'd0 || kc_ok;

// in L_CHK record k (SGE k-1, record 0 is the header) was taken: f_k_reg = k+1
// verilator lint_off UNUSEDSIGNAL
wire [SCNT_W:0] f_slot = f_k_reg - {{(SCNT_W-1){1'b0}}, 2'd2};   // only the slot bits address the table
// verilator lint_on UNUSEDSIGNAL
assign sge_we = (state_reg == L_CHK) && ok_reg;
assign sge_slot = f_slot[SIDX_W-1:0];
assign sge_wd = {xlat, f_len};

assign rec_ready = state_reg == L_REC;
assign done = (state_reg == L_REC && rec_valid && rec_last && state_next != L_MPT) ||
              (state_reg == L_CHK && f_done_reg);
assign err = f_err_reg;
assign few = f_k_reg <= {1'b0, f_nsge_reg};
assign sum = f_sum_reg;

always @* begin
    state_next = state_reg;
    f_k_next = f_k_reg;
    f_nsge_next = f_nsge_reg;
    f_sum_next = f_sum_reg;
    f_err_next = f_err_reg;
    f_done_next = f_done_reg;
    f_sge_next = f_sge_reg;
    case (state_reg)
    L_IDLE: begin
        if (start) begin
            f_k_next = {(SCNT_W+1){1'b0}};
            f_nsge_next = {SCNT_W{1'b0}};
            f_sum_next = 32'd0;
            f_err_next = 8'd0;
            f_done_next = 1'b0;
            state_next = L_REC;
        end
    end
    L_REC: begin
        if (rec_valid) begin
            f_k_next = f_k_reg + 1'b1;
            f_done_next = rec_last;
            state_next = rec_last ? L_IDLE : L_REC;
            if (rd_error)
                f_err_next = `RNIC_WC_STATUS_LOC_QP_OP_ERR;   // WQE unreadable
            else if (f_k_reg == {(SCNT_W+1){1'b0}}) begin
                f_nsge_next = rec_nsge[SCNT_W-1:0];
                if ({24'd0, rec_nsge} > MAX_SGE ||
                    ({24'd0, rec_nsge} + 32'd1) * 32'd16 > stride_bytes)
                    f_err_next = `RNIC_WC_STATUS_LOC_QP_OP_ERR;
            end else if (f_err_reg == 8'd0 && f_k_reg <= {1'b0, f_nsge_reg}) begin
                f_sge_next = rec;
                state_next = L_MPT;
            end
        end
    end
    L_MPT: begin
        // the SGE's key entry is on `entry` now: the check is registered,
        // L_CHK acts on it
        state_next = L_CHK;
    end
    default: begin   // L_CHK
        if (ok_reg)
            f_sum_next = f_sum_reg + f_len;
        else
            f_err_next = `RNIC_WC_STATUS_LOC_PROT_ERR;
        state_next = f_done_reg ? L_IDLE : L_REC;
    end
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    f_k_reg <= f_k_next;
    f_nsge_reg <= f_nsge_next;
    f_sum_reg <= f_sum_next;
    f_err_reg <= f_err_next;
    f_done_reg <= f_done_next;
    f_sge_reg <= f_sge_next;
    if (rst)
        state_reg <= L_IDLE;
end

endmodule

`default_nettype wire
