// tb_repack: rnic_repack against a byte-exact reference.
// Phase 1: random input chunk lengths (each chunk a packed stream with a
// partial last beat), random segment lengths and seg_last flags, random
// input gaps and output back-pressure. Phase 2: 4 KiB segments from a 100-byte
// chunk then 4 KiB chunks (so every output beat joins two input beats), no
// gaps; the output must move one beat per cycle.
`timescale 1ns/1ps
`default_nettype none

module tb_repack;

parameter DATA_W = 512;             // stream width under test (64..512)
localparam KEEP_W = DATA_W / 8;
localparam N1 = 40000;             // bytes in the random phase
localparam N2 = 65536;             // bytes in the rate phase
localparam N = N1 + N2;
localparam MAXSEG = 4000;          // segment / chunk list capacity

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg  [15:0]         s_seg_len;
reg                 s_seg_last;
reg                 s_seg_valid;
wire                s_seg_ready;
reg  [DATA_W-1:0]   s_tdata;
reg  [KEEP_W-1:0]   s_tkeep;
reg                 s_tvalid;
wire                s_tready;
wire [DATA_W-1:0]   m_tdata;
wire [KEEP_W-1:0]   m_tkeep;
wire                m_tlast;
wire                m_tuser;
wire                m_tvalid;
reg                 m_tready;

rnic_repack #(.DATA_W(DATA_W)) dut (
    .clk(clk), .rst(rst),
    .s_seg_len(s_seg_len), .s_seg_last(s_seg_last), .s_seg_valid(s_seg_valid), .s_seg_ready(s_seg_ready),
    .s_tdata(s_tdata), .s_tkeep(s_tkeep), .s_tvalid(s_tvalid), .s_tready(s_tready),
    .m_tdata(m_tdata), .m_tkeep(m_tkeep), .m_tlast(m_tlast), .m_tuser(m_tuser),
    .m_tvalid(m_tvalid), .m_tready(m_tready)
);

reg [7:0]  src [0:N-1];
integer    seg_len [0:MAXSEG-1];
reg        seg_last [0:MAXSEG-1];
integer    chunk_len [0:MAXSEG-1];
integer    nseg, nchunk, seg_p2, chunk_p2;
integer    errors;
integer    seed;
reg [31:0] rnd;             // blocking temporary for random draws
integer    i, t, n;

// drivers and checker state
integer in_pos, in_chunk, in_chunk_rem;
integer sg_idx;
integer out_pos, out_seg, out_seg_rem, out_beats_p2, first_p2_cycle, last_p2_cycle, cycle;
reg     done;

initial begin
    seed = 32'h5eed1234;
    errors = 0;
    for (i = 0; i < N; i = i + 1)
        src[i] = $random(seed);
    // phase 1 segments and chunks
    nseg = 0; t = 0;
    while (t < N1) begin
        n = 1 + ({$random(seed)} % 300);
        if (({$random(seed)} % 8) == 0) n = 1 + ({$random(seed)} % 3);
        if (t + n > N1) n = N1 - t;
        seg_len[nseg] = n; seg_last[nseg] = $random(seed); nseg = nseg + 1; t = t + n;
    end
    seg_p2 = nseg;
    while (t < N) begin
        n = 4096; if (t + n > N) n = N - t;
        seg_len[nseg] = n; seg_last[nseg] = 1'b1; nseg = nseg + 1; t = t + n;
    end
    nchunk = 0; t = 0;
    while (t < N1) begin
        n = 1 + ({$random(seed)} % 200);
        if (t + n > N1) n = N1 - t;
        chunk_len[nchunk] = n; nchunk = nchunk + 1; t = t + n;
    end
    chunk_p2 = nchunk;
    while (t < N) begin
        n = (nchunk == chunk_p2) ? 100 : 4096; if (t + n > N) n = N - t;
        chunk_len[nchunk] = n; nchunk = nchunk + 1; t = t + n;
    end
end

// input stream driver
always @(posedge clk) begin
    if (rst) begin
        s_tvalid <= 1'b0;
        in_pos = 0; in_chunk = 0; in_chunk_rem = chunk_len[0];
    end else if (!s_tvalid || s_tready) begin
        if (in_pos < N && (in_pos >= N1 || ({$random(seed)} % 4) != 0)) begin
            n = (in_chunk_rem < KEEP_W) ? in_chunk_rem : KEEP_W;
            for (i = 0; i < KEEP_W; i = i + 1) begin
                rnd = $random(seed);
                s_tdata[i*8 +: 8] <= (i < n) ? src[in_pos + i] : rnd[7:0];  // junk past tkeep
                s_tkeep[i] <= (i < n);
            end
            s_tvalid <= 1'b1;
            in_pos = in_pos + n;
            in_chunk_rem = in_chunk_rem - n;
            if (in_chunk_rem == 0 && in_chunk + 1 < nchunk) begin
                in_chunk = in_chunk + 1;
                in_chunk_rem = chunk_len[in_chunk];
            end
        end else begin
            s_tvalid <= 1'b0;
        end
    end
end

// segment command driver
always @(posedge clk) begin
    if (rst) begin
        s_seg_valid <= 1'b0;
        sg_idx = 0;
    end else if (!s_seg_valid || s_seg_ready) begin
        if (sg_idx < nseg && (sg_idx >= seg_p2 || ({$random(seed)} % 3) != 0)) begin
            s_seg_len <= seg_len[sg_idx][15:0];
            s_seg_last <= seg_last[sg_idx];
            s_seg_valid <= 1'b1;
            sg_idx = sg_idx + 1;
        end else begin
            s_seg_valid <= 1'b0;
        end
    end
end

// output checker
always @(posedge clk) begin
    if (rst) begin
        m_tready <= 1'b0;
        out_pos = 0; out_seg = 0; out_seg_rem = seg_len[0];
        out_beats_p2 = 0; first_p2_cycle = -1; last_p2_cycle = 0; cycle = 0;
        done = 1'b0;
    end else begin
        cycle = cycle + 1;
        if (m_tvalid && m_tready) begin
            n = (out_seg_rem < KEEP_W) ? out_seg_rem : KEEP_W;
            for (i = 0; i < KEEP_W; i = i + 1) begin
                if (m_tkeep[i] !== (i < n)) begin
                    if (errors < 10) $display("FAIL: seg %0d byte %0d tkeep lane %0d is %b", out_seg, out_pos, i, m_tkeep[i]);
                    errors = errors + 1;
                end else if (i < n && m_tdata[i*8 +: 8] !== src[out_pos + i]) begin
                    if (errors < 10) $display("FAIL: byte %0d is %02x, expected %02x", out_pos + i, m_tdata[i*8 +: 8], src[out_pos + i]);
                    errors = errors + 1;
                end
            end
            if (m_tlast !== (n == out_seg_rem)) begin
                $display("FAIL: seg %0d tlast %b with %0d bytes left", out_seg, m_tlast, out_seg_rem);
                errors = errors + 1;
            end
            if (m_tlast && m_tuser !== seg_last[out_seg]) begin
                $display("FAIL: seg %0d tuser %b, expected %b", out_seg, m_tuser, seg_last[out_seg]);
                errors = errors + 1;
            end
            if (out_pos >= N1) begin
                if (first_p2_cycle < 0) first_p2_cycle = cycle;
                last_p2_cycle = cycle;
                out_beats_p2 = out_beats_p2 + 1;
            end
            out_pos = out_pos + n;
            out_seg_rem = out_seg_rem - n;
            if (out_seg_rem == 0) begin
                out_seg = out_seg + 1;
                if (out_seg < nseg) out_seg_rem = seg_len[out_seg];
                if (out_seg == nseg) done = 1'b1;
            end
        end
        rnd = $random(seed);
        m_tready <= (out_pos >= N1) ? 1'b1 : ((rnd % 4) != 0);
    end
end

initial begin
    repeat (5) @(negedge clk);
    rst = 1'b0;
    wait (done === 1'b1 || cycle > 200000);
    repeat (20) @(posedge clk);
    if (!done) begin
        $display("FAIL: timeout, %0d of %0d bytes out", out_pos, N);
        errors = errors + 1;
    end
    if (m_tvalid) begin
        $display("FAIL: extra output after the last segment");
        errors = errors + 1;
    end
    $display("tb_repack: %0d segments, %0d bytes; rate phase %0d beats in %0d cycles",
             nseg, N, out_beats_p2, last_p2_cycle - first_p2_cycle + 1);
    if (out_beats_p2 != last_p2_cycle - first_p2_cycle + 1) begin
        $display("FAIL: rate phase is not one beat per cycle");
        errors = errors + 1;
    end
    if (errors == 0) $display("PASS");
    else $display("FAIL: %0d errors", errors);
    $finish;
end

endmodule

`default_nettype wire
