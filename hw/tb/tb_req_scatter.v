// tb_req_scatter: rnic_req_scatter (16 QPs) on its own, against a byte model of host memory.
// Each case writes a QP's READ SGE list (random addresses, lengths including zero-length SGEs),
// then places a READ's responses one after another as the completion stage does (ld with the
// progress the previous response handed back, the router set, start when bytes are left, wait
// for done), with random payload gaps and random readiness of the write request and data ports.
// Checked: every write request's address and length against the SGE piece the model expects,
// every written byte, nothing written outside the SGEs, the progress handed back after each
// response field by field (expected PSN, SGE index, offset, bytes, length, first and last PSN),
// `fin`/`last`, and pl_idle. Cases: one SGE and one response; many SGEs (zero-length ones
// among them) over many responses of random size; a response whose pieces cross several SGEs;
// an ATOMIC ACKNOWLEDGE's 8 bytes over three SGEs (little-endian); a dropped payload (nothing
// written, the router consumes it); two QPs' lists kept apart.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_req_scatter;

parameter DATA_W = 512;
localparam KEEP_W = DATA_W / 8;
localparam QPN_W = 4;
localparam NSGE = `RNIC_MAX_SEND_SGE;
localparam SI_W = $clog2(NSGE);
localparam MEM = 65536;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg              sg_we = 1'b0;
reg [QPN_W-1:0]  sg_qp = 0;
reg [SI_W-1:0]   sg_k = 0;
reg [63:0]       sg_addr = 64'd0;
reg [31:0]       sg_len = 32'd0;
reg [QPN_W-1:0]  qp = 0;
reg              ld = 1'b0, ld_fin = 1'b0, start = 1'b0;
reg [`RNIC_REQ_READ_BITS-1:0] ld_prog = 0;
reg [12:0]       ld_len = 13'd0;
wire             left, done, fin;
wire [23:0]      last;
wire [`RNIC_REQ_READ_BITS-1:0] prog;
reg              pl_drop = 1'b0, pl_keep = 1'b0, pl_atom = 1'b0;
reg [63:0]       atack = 64'd0;
wire             pl_idle;
reg [DATA_W-1:0] pl_tdata = 0;
reg [KEEP_W-1:0] pl_tkeep = 0;
reg              pl_tlast = 1'b0, pl_tvalid = 1'b0;
wire             pl_tready;
wire [63:0]      wr_req_addr;
wire [15:0]      wr_req_len;
wire             wr_req_valid;
reg              wr_req_ready = 1'b0;
wire [DATA_W-1:0] wr_tdata;
wire [KEEP_W-1:0] wr_tkeep;
wire             wr_tlast, wr_tvalid;
reg              wr_tready = 1'b0;

rnic_req_scatter #(.DATA_W(DATA_W), .QPN_W(QPN_W)) dut (
    .clk(clk), .rst(rst),
    .sg_we(sg_we), .sg_qp(sg_qp), .sg_k(sg_k), .sg_addr(sg_addr), .sg_len(sg_len),
    .qp(qp), .ld(ld), .ld_prog(ld_prog), .ld_len(ld_len), .ld_fin(ld_fin),
    .start(start), .left(left), .done(done), .fin(fin), .last(last), .prog(prog),
    .pl_drop(pl_drop), .pl_keep(pl_keep), .pl_atom(pl_atom), .atack(atack), .pl_idle(pl_idle),
    .s_pl_tdata(pl_tdata), .s_pl_tkeep(pl_tkeep), .s_pl_tlast(pl_tlast), .s_pl_tvalid(pl_tvalid),
    .s_pl_tready(pl_tready),
    .m_wr_req_addr(wr_req_addr), .m_wr_req_len(wr_req_len), .m_wr_req_valid(wr_req_valid),
    .m_wr_req_ready(wr_req_ready),
    .m_wr_tdata(wr_tdata), .m_wr_tkeep(wr_tkeep), .m_wr_tlast(wr_tlast), .m_wr_tvalid(wr_tvalid),
    .m_wr_tready(wr_tready)
);

integer errors = 0;
integer checks = 0;
integer nreq = 0, nbytes = 0;
reg [31:0] rng = 32'h1f2e_3d4c;
`include "tb_xorshift.vh"
task next_rng;
    begin
        rng = xorshift(rng);
    end
endtask

// ---------------------------------------------------------------------------
// host memory: what the DUT wrote (mem) and what it should hold (exp); the
// expected write requests, in order (the model cuts the READ's data into
// SGE pieces itself)
reg [7:0]  mem [0:MEM-1];
reg [7:0]  exp [0:MEM-1];
reg [63:0] q_addr [0:1023];
reg [15:0] q_len  [0:1023];
integer    q_head = 0, q_tail = 0;
// the request whose data beats are being taken
integer    w_cur = -1, w_off = 0;
integer    rdy_pct = 50;

always @(posedge clk) begin
    if (!rst) begin
        next_rng;
        wr_req_ready <= (rng[6:0] % 100) < rdy_pct;
        wr_tready <= (rng[13:7] % 100) < rdy_pct;
    end
end

integer b;
reg [63:0] a_now;
always @(posedge clk) begin
    if (!rst && wr_req_valid && wr_req_ready) begin
        checks = checks + 1;
        if (q_head == q_tail) begin
            $display("FAIL: write request %h+%0d not expected", wr_req_addr, wr_req_len);
            errors = errors + 1;
        end else begin
            if (wr_req_addr !== q_addr[q_head % 1024] || wr_req_len !== q_len[q_head % 1024]) begin
                $display("FAIL: write request %h+%0d, expected %h+%0d", wr_req_addr, wr_req_len,
                         q_addr[q_head % 1024], q_len[q_head % 1024]);
                errors = errors + 1;
            end
            q_head = q_head + 1;
        end
        nreq = nreq + 1;
    end
    if (!rst && wr_tvalid && wr_tready) begin
        if (w_cur < 0) begin
            // the beats follow the requests in order: this beat's request is the
            // oldest one whose data has not ended
            w_cur = nreq_data;
            w_off = 0;
        end
        a_now = d_addr[w_cur % 1024];
        for (b = 0; b < KEEP_W; b = b + 1)
            if (wr_tkeep[b]) begin
                mem[(a_now + w_off) % MEM] = wr_tdata[8*b +: 8];
                w_off = w_off + 1;
                nbytes = nbytes + 1;
            end
        if (wr_tlast) begin
            checks = checks + 1;
            if (w_off != d_len[w_cur % 1024]) begin
                $display("FAIL: write data of request %0d: %0d bytes, expected %0d", w_cur, w_off,
                         d_len[w_cur % 1024]);
                errors = errors + 1;
            end
            w_cur = -1;
            nreq_data = nreq_data + 1;
        end
    end
end
// the requests as the data side sees them (a copy of the expected queue)
reg [63:0] d_addr [0:1023];
reg [15:0] d_len  [0:1023];
integer    nreq_data = 0;

task expect_req;
    input [63:0] a;
    input [15:0] n;
    begin
        q_addr[q_tail % 1024] = a;
        q_len[q_tail % 1024] = n;
        d_addr[q_tail % 1024] = a;
        d_len[q_tail % 1024] = n;
        q_tail = q_tail + 1;
    end
endtask

// ---------------------------------------------------------------------------
// a READ: its SGE list (model copy), its progress
reg [63:0] s_addr [0:NSGE-1];
reg [31:0] s_len  [0:NSGE-1];
integer    s_n;
integer    m_k, m_off, m_bytes, m_total;   // model progress
reg [23:0] m_first, m_last, m_epsn;

task write_list;
    input [QPN_W-1:0] q;
    integer i;
    begin
        for (i = 0; i < s_n; i = i + 1) begin
            @(negedge clk);
            sg_we = 1'b1;
            sg_qp = q;
            sg_k = i[SI_W-1:0];
            sg_addr = s_addr[i];
            sg_len = s_len[i];
        end
        @(negedge clk);
        sg_we = 1'b0;
    end
endtask

// the payload of one response: len bytes packed from byte 0, random gaps
reg [7:0] pay [0:4095];
integer   p_len;
integer   p_pos;
reg       p_drop;

task send_payload;
    integer i;
    begin
        // (s_pl_tready comes from flops: its value at a negedge is the one
        // the next rising edge samples)
        p_pos = 0;
        @(negedge clk);
        while (p_pos < p_len) begin
            next_rng;
            if (rng[2:0] < 3'd6) begin
                pl_tvalid = 1'b1;
                pl_tdata = {DATA_W{1'b0}};
                pl_tkeep = {KEEP_W{1'b0}};
                for (i = 0; i < KEEP_W; i = i + 1)
                    if (p_pos + i < p_len) begin
                        pl_tdata[8*i +: 8] = pay[p_pos + i];
                        pl_tkeep[i] = 1'b1;
                    end
                pl_tlast = p_pos + KEEP_W >= p_len;
                #1;
                while (!pl_tready) begin
                    @(negedge clk);
                    #1;
                end
                @(negedge clk);
                p_pos = p_pos + KEEP_W;
            end else begin
                pl_tvalid = 1'b0;
                @(negedge clk);
            end
        end
        pl_tvalid = 1'b0;
        pl_tlast = 1'b0;
    end
endtask

// the model's pieces of the response's len bytes (from the progress), in
// expected memory and as expected requests; the progress moves on
task model_place;
    input integer len;
    integer left_b, piece, srem, i;
    begin
        left_b = len;
        i = 0;
        while (left_b > 0) begin
            srem = s_len[m_k] - m_off;
            if (srem == 0) begin
                m_k = m_k + 1;
                m_off = 0;
            end else begin
                piece = srem < left_b ? srem : left_b;
                expect_req(s_addr[m_k] + m_off, piece[15:0]);
                for (b = 0; b < piece; b = b + 1)
                    exp[(s_addr[m_k] + m_off + b) % MEM] = pay[i + b];
                i = i + piece;
                left_b = left_b - piece;
                m_bytes = m_bytes + piece;
                if (piece == srem && left_b > 0) begin
                    m_k = m_k + 1;
                    m_off = 0;
                end else begin
                    m_off = m_off + piece;
                end
            end
        end
    end
endtask

function [`RNIC_REQ_READ_BITS-1:0] model_prog;
    input dummy;
    reg [`RNIC_REQ_READ_BITS-1:0] v;
    begin
        v = 0;
        v[`RNIC_REQ_READ_FIRST_PSN_LSB +: 24] = m_first;
        v[`RNIC_REQ_READ_LAST_PSN_LSB +: 24] = m_last;
        v[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24] = m_epsn;
        v[`RNIC_REQ_READ_SGE_LSB +: `RNIC_REQ_READ_SGE_W] = m_k;
        v[`RNIC_REQ_READ_OFFSET_LSB +: 32] = m_off;
        v[`RNIC_REQ_READ_BYTES_LSB +: 32] = m_bytes;
        v[`RNIC_REQ_READ_LENGTH_LSB +: 32] = m_total;
        model_prog = v;
    end
endfunction

// one response of len bytes (the ATOMIC ACKNOWLEDGE's 8 bytes when atomic;
// dropped: routed away, nothing placed), ending the READ when is_fin
task response;
    input [QPN_W-1:0] q;
    input integer len;
    input is_fin;
    input atomic;
    input dropped;
    integer t;
    begin
        p_len = len;
        @(negedge clk);
        checks = checks + 1;
        if (!pl_idle) begin
            $display("FAIL: router not idle before a response");
            errors = errors + 1;
        end
        qp = q;
        if (!dropped) begin
            ld = 1'b1;
            ld_prog = model_prog(0);
            ld_len = len[12:0];
            ld_fin = is_fin;
        end
        // (as rnic_req raises them: drop for any payload, keep or atom on
        // top of it when the response is placed; the later wins)
        pl_drop = !atomic && len != 0;
        pl_keep = !dropped && !atomic && len != 0;
        pl_atom = atomic;
        @(negedge clk);
        ld = 1'b0;
        pl_drop = 1'b0;
        pl_keep = 1'b0;
        pl_atom = 1'b0;
        if (!dropped) begin
            model_place(len);
            checks = checks + 1;
            if (left !== (len != 0)) begin
                $display("FAIL: left %b for a response of %0d bytes", left, len);
                errors = errors + 1;
            end
            start = len != 0;
        end
        fork
            begin
                if (!atomic && len != 0)
                    send_payload;
            end
            begin
                if (!dropped && len != 0) begin
                    @(negedge clk);
                    start = 1'b0;
                    t = 0;
                    while (!done && t < 20000) begin
                        @(negedge clk);
                        t = t + 1;
                    end
                    if (t >= 20000) begin
                        $display("FAIL: no done");
                        errors = errors + 1;
                    end
                    @(negedge clk);
                end
            end
        join
        start = 1'b0;
        if (!dropped) begin
            m_epsn = m_epsn + 24'd1;
            checks = checks + 1;
            if (prog !== model_prog(0)) begin
                $display("FAIL: progress: epsn %0d k %0d off %0d bytes %0d len %0d first %0d last %0d, expected %0d %0d %0d %0d %0d %0d %0d",
                    prog[`RNIC_REQ_READ_EXPECTED_PSN_LSB +: 24], prog[`RNIC_REQ_READ_SGE_LSB +: `RNIC_REQ_READ_SGE_W],
                    prog[`RNIC_REQ_READ_OFFSET_LSB +: 32], prog[`RNIC_REQ_READ_BYTES_LSB +: 32],
                    prog[`RNIC_REQ_READ_LENGTH_LSB +: 32], prog[`RNIC_REQ_READ_FIRST_PSN_LSB +: 24],
                    prog[`RNIC_REQ_READ_LAST_PSN_LSB +: 24],
                    m_epsn, m_k, m_off, m_bytes, m_total, m_first, m_last);
                errors = errors + 1;
            end
            if (fin !== is_fin || last !== m_last) begin
                $display("FAIL: fin %b last %0d, expected %b %0d", fin, last, is_fin, m_last);
                errors = errors + 1;
            end
        end
    end
endtask

// wait until every expected write request and its data went through, then
// compare the whole memory
task settle_and_check;
    input [8*40-1:0] what;
    integer t, i, bad;
    begin
        t = 0;
        while ((q_head != q_tail || nreq_data != q_tail || w_cur >= 0) && t < 20000) begin
            @(negedge clk);
            t = t + 1;
        end
        repeat (8) @(negedge clk);
        bad = 0;
        for (i = 0; i < MEM; i = i + 1)
            if (mem[i] !== exp[i]) begin
                if (bad < 4)
                    $display("FAIL: %0s: memory byte %0d is %h, expected %h", what, i, mem[i], exp[i]);
                bad = bad + 1;
            end
        checks = checks + 1;
        if (bad != 0 || q_head != q_tail) begin
            $display("FAIL: %0s: %0d bytes differ, %0d requests missing", what, bad, q_tail - q_head);
            errors = errors + 1;
        end
    end
endtask

task new_read;
    input [23:0] first;
    input integer npkt;
    integer i;
    begin
        m_k = 0;
        m_off = 0;
        m_bytes = 0;
        m_total = 0;
        for (i = 0; i < s_n; i = i + 1)
            m_total = m_total + s_len[i];
        m_first = first;
        m_last = first + npkt - 1;
        m_epsn = first;
    end
endtask

task random_payload;
    integer i;
    begin
        for (i = 0; i < 4096; i = i + 1) begin
            next_rng;
            pay[i] = rng[7:0];
        end
    end
endtask

// the READ over responses of at most mtu bytes, a READ of the current list
task run_read;
    input [QPN_W-1:0] q;
    input integer mtu;
    integer rem, n, npkt;
    begin
        npkt = 0;
        rem = 0;
        for (n = 0; n < s_n; n = n + 1)
            rem = rem + s_len[n];
        npkt = (rem + mtu - 1) / mtu;
        if (npkt == 0)
            npkt = 1;
        new_read(24'hFFFFF0 + q, npkt);   // across the PSN wrap
        while (rem > mtu) begin
            random_payload;
            response(q, mtu, 1'b0, 1'b0, 1'b0);
            rem = rem - mtu;
        end
        random_payload;
        response(q, rem, 1'b1, 1'b0, 1'b0);
    end
endtask

integer i, j, c, base;
initial begin
    for (i = 0; i < MEM; i = i + 1) begin
        mem[i] = 8'h5A;
        exp[i] = 8'h5A;
    end
    repeat (4) @(negedge clk);
    rst = 1'b0;
    @(negedge clk);

    // 1: one SGE, one response
    s_n = 1;
    s_addr[0] = 64'd1000;
    s_len[0] = 32'd100;
    write_list(4'd3);
    run_read(4'd3, 4096);
    settle_and_check("one SGE");

    // 2: many SGEs (zero-length ones among them), many responses, random readiness
    for (c = 0; c < 12; c = c + 1) begin
        next_rng;
        rdy_pct = 20 + rng[5:0];
        next_rng;
        s_n = 1 + rng[3:0];
        base = 2048 + c * 4096;
        for (i = 0; i < s_n; i = i + 1) begin
            next_rng;
            s_len[i] = (rng[2:0] == 3'd0) ? 32'd0 : (rng[31:22] % 300);
            s_addr[i] = base + i * 256 + rng[21:16];
            if (s_len[i] > 256 - rng[21:16])
                s_len[i] = 256 - rng[21:16];
        end
        write_list(c[QPN_W-1:0] + 4'd4);
        next_rng;
        run_read(c[QPN_W-1:0] + 4'd4, (rng[1:0] == 2'd0) ? 64 : (rng[1:0] == 2'd1) ? 256 : (rng[1:0] == 2'd2) ? 1024 : 4096);
        settle_and_check("many SGEs");
    end
    rdy_pct = 50;

    // 3: an ATOMIC ACKNOWLEDGE: 8 bytes over SGEs of 3, 0 and 5 bytes (little-endian)
    s_n = 3;
    s_addr[0] = 64'd60001; s_len[0] = 32'd3;
    s_addr[1] = 64'd60100; s_len[1] = 32'd0;
    s_addr[2] = 64'd60203; s_len[2] = 32'd5;
    write_list(4'd9);
    new_read(24'd77, 1);
    atack = 64'h8877_6655_4433_2211;
    for (i = 0; i < 8; i = i + 1)
        pay[i] = atack[8*i +: 8];
    response(4'd9, 8, 1'b1, 1'b1, 1'b0);
    settle_and_check("atomic");
    checks = checks + 1;
    if (mem[60001] !== 8'h11 || mem[60003] !== 8'h33 || mem[60203] !== 8'h44 || mem[60207] !== 8'h88) begin
        $display("FAIL: atomic bytes not little-endian");
        errors = errors + 1;
    end

    // 4: a dropped payload: consumed, nothing written
    random_payload;
    response(4'd9, 700, 1'b0, 1'b0, 1'b1);
    settle_and_check("dropped");
    checks = checks + 1;
    if (nbytes != placed) begin
        $display("FAIL: %0d bytes written in all", nbytes);
        errors = errors + 1;
    end

    // 5: two QPs' lists kept apart: QP 3's list of case 1 is read again
    s_n = 1;
    s_addr[0] = 64'd1000;
    s_len[0] = 32'd100;
    run_read(4'd3, 4096);
    settle_and_check("QP 3 again");

    $display("tb_req_scatter: %0d write requests, %0d bytes, %0d checks", nreq, nbytes, checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

// bytes the responses loaded so far place in all (a dropped one places none)
integer placed = 0;
always @(posedge clk)
    if (ld)
        placed = placed + ld_len;

initial begin
    #50_000_000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
