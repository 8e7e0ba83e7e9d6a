// rnic_resp_atomic: the responder's atomic unit (COMPARE SWAP, FETCH ADD on 8 bytes of host memory).
//
// The responder hands over an atomic whose AtomicETH key check passed
// (s_start, one cycle) and holds s_addr, s_cmp_swap, s_swap and s_cmp until
// the unit answers. The unit then, one state each:
//   FENCE  waits until no earlier write request of the responder is
//          outstanding (wr_idle), so the read sees the payload written before
//   READ   requests the 8 bytes (one DMA read request, length 8)
//   DATA   takes them (one packed beat, byte 0 in [7:0]; a bus error on any
//          beat of it is remembered)
//   EXEC   works out the new value: the swap data (COMPARE SWAP) or the sum
//          (FETCH ADD, modulo 2^64); a failed read ends here (m_fail: nothing
//          written, the responder NAKs with remote operational error); a
//          COMPARE SWAP whose compare data differs writes nothing
//   WREQ   requests the write of the new value (one DMA write request, length 8)
//   WDATA  sends the value as one beat
//   FINISH waits until every write request is done (wr_idle): the value is
//          in memory before the ATOMIC ACKNOWLEDGE leaves (m_done, with the
//          original value on m_orig)
// While in DATA it owns the DMA read data (rd_mode), while in WDATA the DMA
// write data (wr_mode); the responder steers those streams by these flags.
// m_done and m_fail are combinational with the last state, so the
// responder's FSM leaves its wait state in the cycle the unit goes idle.
`default_nettype none

module rnic_resp_atomic #(
    parameter DATA_W = 512          // DMA stream width in bits (64..512, power of two)
) (
    input  wire                clk,
    input  wire                rst,

    // the atomic (inputs held from s_start until m_done or m_fail)
    input  wire                s_start,
    input  wire [63:0]         s_addr,        // device address of the 8 bytes (key check done)
    input  wire                s_cmp_swap,    // COMPARE SWAP, else FETCH ADD
    input  wire [63:0]         s_swap,        // AtomicETH swap (COMPARE SWAP) or add (FETCH ADD) data
    input  wire [63:0]         s_cmp,         // AtomicETH compare data
    input  wire                wr_idle,       // no write request of the responder is outstanding
    output wire                m_done,        // finished: acknowledge with m_orig
    output wire                m_fail,        // the read failed: nothing was written
    output wire [63:0]         m_orig,        // the value read (valid with m_done)
    output wire                busy,

    // DMA read: the request, then its data (owned while rd_mode)
    output wire                m_rd_req_valid,
    input  wire                m_rd_req_ready,
    output wire [63:0]         m_rd_req_addr,
    output wire [15:0]         m_rd_req_len,
    output wire                rd_mode,
    input  wire [63:0]         s_rd_tdata,    // the beat's low 8 bytes
    input  wire                s_rd_tvalid,
    input  wire                s_rd_tlast,
    input  wire                s_rd_error,

    // DMA write: the request, then its one beat (owned while wr_mode)
    output wire                m_wr_req_valid,
    input  wire                m_wr_req_ready,
    output wire [63:0]         m_wr_req_addr,
    output wire [15:0]         m_wr_req_len,
    output wire                wr_mode,
    output wire [DATA_W-1:0]   m_wr_tdata,
    output wire [DATA_W/8-1:0] m_wr_tkeep,
    input  wire                m_wr_tready
);

initial begin
    if (DATA_W < 64 || DATA_W > 512 || (DATA_W & (DATA_W - 1)) != 0)
        $error("rnic_resp_atomic: DATA_W must be a power of two from 64 to 512");
end

localparam [2:0]
    A_IDLE   = 3'd0,
    A_FENCE  = 3'd1,
    A_READ   = 3'd2,
    A_DATA   = 3'd3,
    A_EXEC   = 3'd4,
    A_WREQ   = 3'd5,
    A_WDATA  = 3'd6,
    A_FINISH = 3'd7;

reg [2:0]  state_reg, state_next;
reg [63:0] orig_reg, orig_next;        // the value read from host memory
reg [63:0] result_reg, result_next;    // the value to write back
reg        error_reg, error_next;      // the read reported a bus error

wire compare_match = orig_reg == s_cmp;
wire [63:0] result = s_cmp_swap ? s_swap : orig_reg + s_swap;

always @* begin
    state_next = state_reg;
    orig_next = orig_reg;
    result_next = result_reg;
    error_next = error_reg;
    case (state_reg)
    A_IDLE: begin
        error_next = 1'b0;
        if (s_start)
            state_next = A_FENCE;
    end
    A_FENCE: begin
        if (wr_idle)
            state_next = A_READ;
    end
    A_READ: begin
        if (m_rd_req_ready)
            state_next = A_DATA;
    end
    A_DATA: begin
        if (s_rd_tvalid) begin
            if (s_rd_error)
                error_next = 1'b1;
            if (s_rd_tlast) begin
                orig_next = s_rd_tdata;
                state_next = A_EXEC;
            end
        end
    end
    A_EXEC: begin
        result_next = result;
        if (error_reg)
            state_next = A_IDLE;       // m_fail
        else if (s_cmp_swap && !compare_match)
            state_next = A_FINISH;     // compare failed: memory keeps its value
        else
            state_next = A_WREQ;
    end
    A_WREQ: begin
        if (m_wr_req_ready)
            state_next = A_WDATA;
    end
    A_WDATA: begin
        if (m_wr_tready)
            state_next = A_FINISH;
    end
    A_FINISH: begin
        if (wr_idle)
            state_next = A_IDLE;       // m_done
    end
    default: state_next = A_IDLE;
    endcase
end

always @(posedge clk) begin
    state_reg <= state_next;
    orig_reg <= orig_next;
    result_reg <= result_next;
    error_reg <= error_next;
    if (rst) begin
        state_reg <= A_IDLE;
        error_reg <= 1'b0;
    end
end

assign m_done = state_reg == A_FINISH && wr_idle;
assign m_fail = state_reg == A_EXEC && error_reg;
assign m_orig = orig_reg;
assign busy = state_reg != A_IDLE;

assign m_rd_req_valid = state_reg == A_READ;
assign m_rd_req_addr = s_addr;
assign m_rd_req_len = 16'd8;
assign rd_mode = state_reg == A_DATA;

assign m_wr_req_valid = state_reg == A_WREQ;
assign m_wr_req_addr = s_addr;
assign m_wr_req_len = 16'd8;
assign wr_mode = state_reg == A_WDATA;
// the result beat: the 8 bytes in host order, byte 0 in tdata[7:0]
reg [DATA_W-1:0]   wr_tdata;
reg [DATA_W/8-1:0] wr_tkeep;
always @* begin
    wr_tdata = {DATA_W{1'b0}};
    wr_tdata[63:0] = result_reg;
    wr_tkeep = {(DATA_W/8){1'b0}};
    wr_tkeep[7:0] = 8'hFF;
end
assign m_wr_tdata = wr_tdata;
assign m_wr_tkeep = wr_tkeep;

endmodule

`default_nettype wire
