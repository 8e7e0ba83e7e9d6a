// tb_req_gather: rnic_req_gather (DMA_CHUNK 256, so that SGEs split) on its own, against a
// byte model of host memory and of the WQE buffer. Each case writes a gather list, starts a
// message, and sends the emitter's segment commands (the message cut at an MTU); a DMA model
// answers the read requests in order with random latency and gaps, the payload output is taken
// with random readiness. Checked: every read request's address, length and tag against the
// pieces the model expects (SGEs of length 0 issue none, longer ones split at DMA_CHUNK), every
// payload byte and keep and each packet's tlast, busy ending, out_idle. Cases: one SGE; many
// SGEs with zero-length ones and splits; INLINE data (from the WQE buffer, inl_beat); a TSO
// message (the template inline, then the SGEs); a rewound head skipping bytes of SGEs (whole
// SGEs, then an offset) and of inline data (whole beats); INLINE messages started while the
// previous message's DMA data is still on its way (their beats wait for it).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_req_gather;

parameter DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam CHUNK = 256;
localparam IB_W = $clog2(`RNIC_SEND_WQE_MAX_STRIDE * 8 / DATA_W + 1);   // (the module's default)
localparam NSGE = `RNIC_MAX_SEND_SGE;
localparam MEM = 65536;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg         gl_we = 1'b0;
reg  [3:0]  gl_k = 4'd0;
reg  [63:0] gl_addr = 64'd0;
reg  [31:0] gl_len = 32'd0;
reg         start = 1'b0, inl = 1'b0, tso = 1'b0;
reg  [31:0] skip = 32'd0, inl_len = 32'd0;
reg  [7:0]  nsge = 8'd0;
wire        busy, out_idle;
wire [IB_W-1:0] inl_beat;
reg  [DATA_W-1:0] inl_data;
wire [63:0] rd_req_addr;
wire [15:0] rd_req_len;
wire [7:0]  rd_req_tag;
wire        rd_req_valid;
reg         rd_req_ready = 1'b0;
reg  [DATA_W-1:0] rd_tdata = 0;
reg  [KEEP_W-1:0] rd_tkeep = 0;
reg         rd_tlast = 1'b0, rd_tvalid = 1'b0;
wire        rd_tready;
reg  [15:0] seg_len = 16'd0;
reg         seg_valid = 1'b0;
wire        seg_ready;
wire [DATA_W-1:0] pl_tdata;
wire [KEEP_W-1:0] pl_tkeep;
wire        pl_tlast, pl_tvalid;
reg         pl_tready = 1'b0;

rnic_req_gather #(.DATA_W(DATA_W), .DMA_CHUNK(CHUNK), .TAG_W(8)) dut (
    .clk(clk), .rst(rst),
    .gl_we(gl_we), .gl_k(gl_k), .gl_addr(gl_addr), .gl_len(gl_len),
    .start(start), .inl(inl), .tso(tso), .skip(skip), .inl_len(inl_len), .nsge(nsge),
    .busy(busy), .out_idle(out_idle), .inl_beat(inl_beat), .inl_data(inl_data),
    .m_rd_req_addr(rd_req_addr), .m_rd_req_len(rd_req_len), .m_rd_req_tag(rd_req_tag),
    .m_rd_req_valid(rd_req_valid), .m_rd_req_ready(rd_req_ready),
    .s_rd_tdata(rd_tdata), .s_rd_tkeep(rd_tkeep), .s_rd_tlast(rd_tlast), .s_rd_tvalid(rd_tvalid),
    .s_rd_tready(rd_tready),
    .s_seg_len(seg_len), .s_seg_valid(seg_valid), .s_seg_ready(seg_ready),
    .m_pl_tdata(pl_tdata), .m_pl_tkeep(pl_tkeep), .m_pl_tlast(pl_tlast), .m_pl_tvalid(pl_tvalid),
    .m_pl_tready(pl_tready)
);

integer errors = 0;
integer checks = 0;
integer nreq = 0, nbytes = 0, npkt = 0;
reg [31:0] rng = 32'h6b8b_4567;
`include "tb_xorshift.vh"

// host memory and the WQE buffer (inline bytes from byte 0 of beat 0)
reg [7:0] mem [0:MEM-1];
reg [7:0] wbuf [0:KEEP_W*256-1];
integer bi;
always @* begin
    for (bi = 0; bi < KEEP_W; bi = bi + 1)
        inl_data[8*bi +: 8] = wbuf[inl_beat * KEEP_W + bi];
end

// the message the model expects: its bytes in order, and the read requests
reg [7:0]  msg [0:65535];
integer    msg_len;
reg [63:0] x_addr [0:1023];
reg [15:0] x_len  [0:1023];
reg [7:0]  x_tag  [0:1023];
integer    x_n, x_head;

// ---------------------------------------------------------------------------
// DMA read model: requests taken in order, each answered after a random
// latency with its bytes packed from lane 0, tlast on its last beat
reg [63:0] rq_addr [0:1023];
reg [15:0] rq_len  [0:1023];
integer    rq_head = 0, rq_tail = 0;
integer    rq_pos = 0, rq_wait = 0;
integer    rdy_pct = 60;
integer    i;
always @(posedge clk) begin
    if (!rst) begin
        rng = xorshift(rng);
        rd_req_ready <= (rng[6:0] % 100) < rdy_pct;
        pl_tready <= (rng[13:7] % 100) < rdy_pct;
        if (rd_req_valid && rd_req_ready) begin
            checks = checks + 1;
            if (x_head >= x_n) begin
                $display("FAIL: read request %h+%0d tag %0d not expected", rd_req_addr, rd_req_len, rd_req_tag);
                errors = errors + 1;
            end else if (rd_req_addr !== x_addr[x_head] || rd_req_len !== x_len[x_head] ||
                         rd_req_tag !== x_tag[x_head]) begin
                $display("FAIL: read request %h+%0d tag %0d, expected %h+%0d tag %0d", rd_req_addr,
                         rd_req_len, rd_req_tag, x_addr[x_head], x_len[x_head], x_tag[x_head]);
                errors = errors + 1;
            end
            x_head = x_head + 1;
            rq_addr[rq_tail % 1024] = rd_req_addr;
            rq_len[rq_tail % 1024] = rd_req_len;
            rq_tail = rq_tail + 1;
            nreq = nreq + 1;
        end
        if (rd_tvalid && rd_tready) begin
            rq_pos = rq_pos + KEEP_W;
            if (rd_tlast) begin
                rq_head = rq_head + 1;
                rq_pos = 0;
                rq_wait = rng[20:16] % 8;
            end
        end
        // the next beat
        rd_tvalid <= 1'b0;
        if (rq_head != rq_tail && rq_wait == 0 && rng[23:21] != 3'd0) begin
            rd_tvalid <= 1'b1;
            rd_tdata <= {DATA_W{1'b0}};
            rd_tkeep <= {KEEP_W{1'b0}};
            for (i = 0; i < KEEP_W; i = i + 1)
                if (rq_pos + i < rq_len[rq_head % 1024]) begin
                    rd_tdata[8*i +: 8] <= mem[(rq_addr[rq_head % 1024] + rq_pos + i) % MEM];
                    rd_tkeep[i] <= 1'b1;
                end
            rd_tlast <= rq_pos + KEEP_W >= rq_len[rq_head % 1024];
        end else if (rq_wait > 0) begin
            rq_wait = rq_wait - 1;
        end
    end
end
// (a beat offered stays until taken: the model offers it again each cycle
// from rq_pos, which moves only when one is taken)

// ---------------------------------------------------------------------------
// payload check: packet p holds message bytes [p*mtu, ...)
integer pl_pos = 0, pkt_pos = 0, pkt_no = 0, mtu = 4096;
integer pk_len;
always @(posedge clk) begin
    if (!rst && pl_tvalid && pl_tready) begin
        pk_len = (msg_len - pkt_no * mtu) < mtu ? (msg_len - pkt_no * mtu) : mtu;
        for (i = 0; i < KEEP_W; i = i + 1) begin
            if (pkt_pos + i < pk_len) begin
                checks = checks + 1;
                if (pl_tkeep[i] !== 1'b1 || pl_tdata[8*i +: 8] !== msg[pl_pos + i]) begin
                    if (errors < 20)
                        $display("FAIL: packet %0d byte %0d: %h keep %b, expected %h", pkt_no, pkt_pos + i,
                                 pl_tdata[8*i +: 8], pl_tkeep[i], msg[pl_pos + i]);
                    errors = errors + 1;
                end
            end else if (pl_tkeep[i] !== 1'b0) begin
                $display("FAIL: packet %0d: keep past its end", pkt_no);
                errors = errors + 1;
            end
        end
        checks = checks + 1;
        if (pl_tlast !== (pkt_pos + KEEP_W >= pk_len)) begin
            $display("FAIL: packet %0d: tlast %b at byte %0d of %0d", pkt_no, pl_tlast, pkt_pos, pk_len);
            errors = errors + 1;
        end
        if (pkt_pos + KEEP_W >= pk_len) begin
            pl_pos = pl_pos + (pk_len - pkt_pos);
            nbytes = nbytes + pk_len;
            pkt_pos = 0;
            pkt_no = pkt_no + 1;
            npkt = npkt + 1;
        end else begin
            pkt_pos = pkt_pos + KEEP_W;
            pl_pos = pl_pos + KEEP_W;
        end
    end
end

// ---------------------------------------------------------------------------
reg [63:0] s_addr [0:NSGE-1];
reg [31:0] s_len  [0:NSGE-1];
integer    s_n;

task write_list;
    integer k;
    begin
        for (k = 0; k < s_n; k = k + 1) begin
            @(negedge clk);
            gl_we = 1'b1;
            gl_k = k;
            gl_addr = s_addr[k];
            gl_len = s_len[k];
        end
        @(negedge clk);
        gl_we = 1'b0;
    end
endtask

// the model: the message's bytes after `sk` skipped bytes (inline: from the
// WQE buffer; tso: template first), and the read requests of the SGEs
task model;
    input integer sk;
    input integer ilen;      // inline bytes (inline or TSO template)
    input         is_inl;
    integer k, off, n, left_sk, piece;
    begin
        msg_len = 0;
        x_n = 0;
        x_head = 0;
        if (is_inl || tso) begin
            for (k = (is_inl ? sk : 0); k < ilen; k = k + 1) begin
                msg[msg_len] = wbuf[k];
                msg_len = msg_len + 1;
            end
        end
        if (!is_inl) begin
            left_sk = tso ? 0 : sk;
            for (k = 0; k < s_n; k = k + 1) begin
                off = 0;
                if (left_sk >= s_len[k]) begin
                    left_sk = left_sk - s_len[k];
                    off = s_len[k];
                end else begin
                    off = left_sk;
                    left_sk = 0;
                end
                while (off < s_len[k]) begin
                    piece = (s_len[k] - off) > CHUNK ? CHUNK : (s_len[k] - off);
                    x_addr[x_n] = s_addr[k] + off;
                    x_len[x_n] = piece;
                    x_tag[x_n] = k;
                    x_n = x_n + 1;
                    for (n = 0; n < piece; n = n + 1) begin
                        msg[msg_len] = mem[(s_addr[k] + off + n) % MEM];
                        msg_len = msg_len + 1;
                    end
                    off = off + piece;
                end
            end
        end
    end
endtask

// the payload checker starts a message cut into packets of m bytes
task new_payload;
    input integer m;
    begin
        mtu = m;
        pl_pos = 0;
        pkt_pos = 0;
        pkt_no = 0;
    end
endtask

// the emitter's segment commands for the whole expected message, m bytes each
task send_segs;
    input integer m;
    integer left_b;
    begin
        left_b = msg_len;
        while (left_b > 0) begin
            seg_len = left_b > m ? m : left_b;
            seg_valid = 1'b1;
            @(posedge clk);
            while (!seg_ready) @(posedge clk);
            @(negedge clk);
            seg_valid = 1'b0;
            left_b = left_b - (left_b > m ? m : left_b);
        end
    end
endtask

// wait (at most 100,000 cycles, t) until every payload byte is out, the
// gatherer idle and every DMA read's data in
task drain;
    output integer t;
    begin
        t = 0;
        while ((pl_pos < msg_len || busy || !out_idle) && t < 100000) begin
            @(negedge clk);
            t = t + 1;
        end
    end
endtask

// one message: start, then the segment commands (cut at m bytes), wait for
// every payload byte, busy low and out_idle
task run;
    input [8*32-1:0] what;
    input integer sk;
    input integer ilen;
    input         is_inl;
    input         is_tso;
    input integer m;
    integer t;
    begin
        tso = is_tso;
        model(sk, ilen, is_inl);
        new_payload(m);
        @(negedge clk);
        start = 1'b1;
        inl = is_inl;
        skip = sk;
        inl_len = ilen;
        nsge = s_n;
        @(negedge clk);
        start = 1'b0;
        send_segs(m);
        drain(t);
        checks = checks + 2;
        if (t >= 100000 || x_head != x_n) begin
            $display("FAIL: %0s: %0d of %0d bytes out, busy %b, out_idle %b, %0d of %0d requests", what,
                     pl_pos, msg_len, busy, out_idle, x_head, x_n);
            errors = errors + 1;
        end
        repeat (4) @(negedge clk);
    end
endtask

// an SGE message, then an INLINE one started as soon as the first has issued
// its reads (busy low), while their data is still on its way: the inline
// beats must wait for it (the first message's length is a multiple of m)
integer overlaps = 0;
task run_pair;
    input integer ilen;
    input integer m;
    integer t, k;
    begin
        tso = 1'b0;
        model(0, 0, 1'b0);
        for (k = 0; k < ilen; k = k + 1) begin
            msg[msg_len] = wbuf[k];
            msg_len = msg_len + 1;
        end
        new_payload(m);
        @(negedge clk);
        start = 1'b1;
        inl = 1'b0;
        skip = 0;
        inl_len = 0;
        nsge = s_n;
        @(negedge clk);
        start = 1'b0;
        fork
            begin
                while (busy) @(negedge clk);
                if (!out_idle)
                    overlaps = overlaps + 1;
                start = 1'b1;
                inl = 1'b1;
                inl_len = ilen;
                nsge = 8'd0;
                @(negedge clk);
                start = 1'b0;
            end
            send_segs(m);
        join
        drain(t);
        checks = checks + 1;
        if (t >= 100000 || x_head != x_n) begin
            $display("FAIL: SGE then inline: %0d of %0d bytes out, %0d of %0d requests", pl_pos, msg_len,
                     x_head, x_n);
            errors = errors + 1;
        end
        repeat (4) @(negedge clk);
    end
endtask

integer c, k2, base;
initial begin
    for (i = 0; i < MEM; i = i + 1) begin
        rng = xorshift(rng);
        mem[i] = rng[7:0];
    end
    for (i = 0; i < KEEP_W * 256; i = i + 1) begin
        rng = xorshift(rng);
        wbuf[i] = rng[7:0];
    end
    repeat (4) @(negedge clk);
    rst = 1'b0;
    @(negedge clk);

    // 1: one SGE
    s_n = 1; s_addr[0] = 64'd1003; s_len[0] = 32'd200;
    write_list;
    run("one SGE", 0, 0, 1'b0, 1'b0, 4096);

    // 2: many SGEs, zero-length ones and splits, random MTU and readiness
    for (c = 0; c < 10; c = c + 1) begin
        rng = xorshift(rng);
        rdy_pct = 25 + rng[5:0];
        rng = xorshift(rng);
        s_n = 1 + rng[3:0];
        base = 4096 * (c + 1);
        for (k2 = 0; k2 < s_n; k2 = k2 + 1) begin
            rng = xorshift(rng);
            s_addr[k2] = base + k2 * 1024 + rng[9:0] % 200;
            s_len[k2] = (rng[12:10] == 3'd0) ? 32'd0 : rng[31:22] % 800;
        end
        write_list;
        rng = xorshift(rng);
        run("many SGEs", 0, 0, 1'b0, 1'b0, (rng[1:0] == 2'd0) ? 256 : (rng[1:0] == 2'd1) ? 512 : 1024);
    end
    rdy_pct = 60;

    // 3: INLINE: 300 bytes from the WQE buffer, packets of 256
    run("inline", 0, 300, 1'b1, 1'b0, 256);

    // 4: TSO: a 54-byte template inline, then three SGEs
    s_n = 3;
    s_addr[0] = 64'd50000; s_len[0] = 32'd700;
    s_addr[1] = 64'd51000; s_len[1] = 32'd0;
    s_addr[2] = 64'd52003; s_len[2] = 32'd333;
    write_list;
    run("tso", 0, 54, 1'b0, 1'b1, 512);

    // 5: a rewound head: 1,024 bytes skipped (the first SGE whole, 324 of the third)
    run("skip SGE bytes", 1024, 0, 1'b0, 1'b0, 256);
    // skipping exactly the first SGE
    run("skip one SGE", 700, 0, 1'b0, 1'b0, 256);

    // 6: a rewound inline head: two whole beats skipped
    run("skip inline beats", 2 * KEEP_W, 3 * KEEP_W + 17, 1'b1, 1'b0, KEEP_W);

    // 7: SGE messages followed at once by inline ones (two SGEs of 512 and
    // 256 bytes, packets of 256; then 200 inline bytes)
    s_n = 2;
    s_addr[0] = 64'd30001; s_len[0] = 32'd512;
    s_addr[1] = 64'd31002; s_len[1] = 32'd256;
    write_list;
    for (c = 0; c < 6; c = c + 1)
        run_pair(200, 256);
    checks = checks + 1;
    if (overlaps == 0) begin
        $display("FAIL: no inline message started while DMA data was on its way");
        errors = errors + 1;
    end

    $display("tb_req_gather: %0d inline messages started with DMA data outstanding", overlaps);
    $display("tb_req_gather: %0d read requests, %0d packets, %0d bytes, %0d checks", nreq, npkt, nbytes, checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

initial begin
    #200_000_000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
