// tb_resp_wqe: rnic_resp_wqe (the responder's receive WQE loader, MAX_SGE 4, 16 keys) on its
// own. A key table with a registered read (as rnic_resp's) answers the loader's key while it
// uses the table and a wrong key otherwise; WQE records arrive with random gaps. Each case
// checks the one done pulse, err, few, sum and every SGE table write (slot, device address,
// length) against the expected list. Cases: a good WQE (a zero-length SGE among them); records
// past num_sge ignored; a stream shorter than num_sge (few); num_sge above MAX_SGE and a WQE
// larger than its stride (LOC_QP_OP_ERR); an lkey without LOCAL_WRITE, an SGE outside its
// region and a key of another PD (LOC_PROT_ERR, nothing written from there on); a read error
// (LOC_QP_OP_ERR).
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_resp_wqe;

localparam MAX_SGE = 4;
localparam KEY_W = 4;
localparam KT = `RNIC_KEY_TAG_BITS;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg          start = 1'b0;
reg  [31:0]  stride = 32'd64;
reg  [127:0] rec = 128'd0;
reg          rec_last = 1'b0, rec_valid = 1'b0, rd_error = 1'b0;
wire         rec_ready;
wire [31:0]  key;
wire         key_use;
reg  [`RNIC_MPT_SHADOW_BITS-1:0] entry = 0;
wire         sge_we;
wire [1:0]   sge_slot;
wire [95:0]  sge_wd;
wire         done, few;
wire [7:0]   err;
wire [31:0]  sum;

rnic_resp_wqe #(.MAX_SGE(MAX_SGE), .KEY_W(KEY_W)) dut (
    .clk(clk), .rst(rst), .start(start), .stride_bytes(stride), .pdn(24'd5), .qpn(24'd9),
    .rec(rec), .rec_last(rec_last), .rec_valid(rec_valid), .rec_ready(rec_ready), .rd_error(rd_error),
    .key(key), .key_use(key_use), .entry(entry),
    .sge_we(sge_we), .sge_slot(sge_slot), .sge_wd(sge_wd),
    .done(done), .err(err), .few(few), .sum(sum)
);

integer errors = 0;
integer checks = 0;
reg [31:0] rng = 32'h3c6e_f372;
`include "tb_xorshift.vh"

// key table: 1 = a region of PD 5 with LOCAL_WRITE at 0x1000 (4 KiB, device
// address 0x80000); 2 = the same without LOCAL_WRITE; 3 = one of PD 6
reg [`RNIC_MPT_SHADOW_BITS-1:0] mpt [0:15];
function [`RNIC_MPT_SHADOW_BITS-1:0] region;
    input [7:0]  tag;
    input [23:0] pdn;
    input [7:0]  access;
    reg [`RNIC_MPT_SHADOW_BITS-1:0] e;
    begin
        e = 0;
        e[`RNIC_MPT_SHADOW_VALID_LSB] = 1'b1;
        e[`RNIC_MPT_SHADOW_TAG_LSB +: 8] = tag;
        e[`RNIC_MPT_SHADOW_PDN_LSB +: 24] = pdn;
        e[`RNIC_MPT_SHADOW_ACCESS_LSB +: 8] = access;
        e[`RNIC_MPT_SHADOW_START_LSB +: 64] = 64'h1000;
        e[`RNIC_MPT_SHADOW_LENGTH_LSB +: 64] = 64'h1000;
        e[`RNIC_MPT_SHADOW_IOVA_LSB +: 64] = 64'h80000;
        region = e;
    end
endfunction
localparam [31:0] K1 = (1 << KT) | 32'h11, K2 = (2 << KT) | 32'h22, K3 = (3 << KT) | 32'h33;
integer i;
initial begin
    for (i = 0; i < 16; i = i + 1)
        mpt[i] = 0;
    mpt[1] = region(8'h11, 24'd5, `RNIC_ACCESS_LOCAL_WRITE);
    mpt[2] = region(8'h22, 24'd5, `RNIC_ACCESS_REMOTE_WRITE);
    mpt[3] = region(8'h33, 24'd6, `RNIC_ACCESS_LOCAL_WRITE);
end
// the table's address is the loader's key only while it uses the table
always @(posedge clk)
    entry <= mpt[key_use ? key[KT +: KEY_W] : 4'd1 + rng[1:0]];

// the records of a WQE and the expected writes
reg [127:0] r [0:15];
integer     nr;
reg [95:0]  x_wd [0:7];
reg [1:0]   x_slot [0:7];
integer     nx, gotw, ndone;
always @(posedge clk) begin
    if (!rst && sge_we) begin
        checks = checks + 1;
        if (gotw >= nx || sge_wd !== x_wd[gotw] || sge_slot !== x_slot[gotw]) begin
            $display("FAIL: SGE write %0d: slot %0d %h, expected %0d %h", gotw, sge_slot, sge_wd,
                     x_slot[gotw], x_wd[gotw]);
            errors = errors + 1;
        end
        gotw = gotw + 1;
    end
    if (!rst && done)
        ndone = ndone + 1;
end

function [127:0] seg;
    input [31:0] k;
    input [63:0] a;
    input [31:0] l;
    reg [127:0] v;
    begin
        v = 128'd0;
        v[`RNIC_DATA_SEG_LKEY_LSB +: 32] = k;
        v[`RNIC_DATA_SEG_ADDR_LSB +: 64] = a;
        v[`RNIC_DATA_SEG_LENGTH_LSB +: 32] = l;
        seg = v;
    end
endfunction
function [127:0] hdr;
    input [7:0] n;
    reg [127:0] v;
    begin
        v = 128'd0;
        v[`RNIC_RECV_WQE_NUM_SGE_LSB +: 8] = n;
        hdr = v;
    end
endfunction
task expect_w;
    input [1:0]  slot;
    input [63:0] dev;
    input [31:0] len;
    begin
        x_slot[nx] = slot;
        x_wd[nx] = {dev, len};
        nx = nx + 1;
    end
endtask

// run the WQE r[0..nr-1] (the record err_at, if any, with a read error)
task run;
    input [8*40-1:0] what;
    input integer    err_at;
    input [7:0]      x_err;
    input            x_few;
    input [31:0]     x_sum;
    integer k, t;
    begin
        gotw = 0;
        ndone = 0;
        @(negedge clk);
        start = 1'b1;
        @(negedge clk);
        start = 1'b0;
        k = 0;
        while (k < nr) begin
            rng = xorshift(rng);
            if (rng[1:0] != 2'd0) begin
                rec_valid = 1'b1;
                rec = r[k];
                rec_last = k == nr - 1;
                rd_error = k == err_at;
                #1;
                while (!rec_ready) begin
                    @(negedge clk);
                    #1;
                end
                @(negedge clk);
                k = k + 1;
            end else begin
                rec_valid = 1'b0;
                @(negedge clk);
            end
            rec_valid = 1'b0;
            rd_error = 1'b0;
        end
        t = 0;
        while (ndone == 0 && t < 50) begin
            @(negedge clk);
            t = t + 1;
        end
        repeat (5) @(negedge clk);
        checks = checks + 1;
        if (key_use !== 1'b0) begin
            $display("FAIL: %0s: key_use high while idle (the key table belongs to the request's key)", what);
            errors = errors + 1;
        end
        checks = checks + 1;
        if (ndone != 1 || err !== x_err || few !== x_few || (x_err == 8'd0 && sum !== x_sum) || gotw != nx) begin
            $display("FAIL: %0s: %0d done pulses, err %0d few %b sum %h, %0d of %0d writes; expected err %0d few %b sum %h",
                     what, ndone, err, few, sum, gotw, nx, x_err, x_few, x_sum);
            errors = errors + 1;
        end
    end
endtask

initial begin
    repeat (3) @(negedge clk);
    rst = 1'b0;
    repeat (2) @(negedge clk);

    // a good WQE: three SGEs, the second of length 0 (its key, without
    // LOCAL_WRITE, is not checked: a zero-length SGE passes)
    r[0] = hdr(3); r[1] = seg(K1, 64'h1100, 32'h100); r[2] = seg(K2, 64'h1200, 0);
    r[3] = seg(K1, 64'h1F00, 32'h100); nr = 4;
    nx = 0; expect_w(0, 64'h80100, 32'h100); expect_w(1, 64'h80200, 0); expect_w(2, 64'h80F00, 32'h100);
    run("good", -1, 8'd0, 1'b0, 32'h200);

    // records past num_sge are taken and ignored (one SGE, a stride of 4 records)
    r[0] = hdr(1); r[1] = seg(K1, 64'h1000, 32'h10); r[2] = seg(K2, 64'h1000, 32'h10);
    r[3] = seg(K3, 64'h5000, 32'h10); nr = 4;
    nx = 0; expect_w(0, 64'h80000, 32'h10);
    run("records past num_sge", -1, 8'd0, 1'b0, 32'h10);

    // the stream ends before num_sge SGEs
    r[0] = hdr(3); r[1] = seg(K1, 64'h1000, 32'h20); r[2] = seg(K1, 64'h1800, 32'h30); nr = 3;
    nx = 0; expect_w(0, 64'h80000, 32'h20); expect_w(1, 64'h80800, 32'h30);
    run("short stream", -1, 8'd0, 1'b1, 32'h50);

    // num_sge above MAX_SGE
    r[0] = hdr(5); for (i = 1; i < 6; i = i + 1) r[i] = seg(K1, 64'h1000, 32'h8); nr = 6;
    stride = 32'd128;
    nx = 0;
    run("num_sge > MAX_SGE", -1, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 1'b0, 32'd0);

    // header and SGEs larger than the stride (4 records in 32 bytes)
    r[0] = hdr(3); for (i = 1; i < 4; i = i + 1) r[i] = seg(K1, 64'h1000, 32'h8); nr = 4;
    stride = 32'd32;
    nx = 0;
    run("WQE beyond its stride", -1, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 1'b0, 32'd0);
    stride = 32'd64;

    // an lkey without LOCAL_WRITE: the SGEs before it written, none after
    r[0] = hdr(3); r[1] = seg(K1, 64'h1000, 32'h8); r[2] = seg(K2, 64'h1000, 32'h8);
    r[3] = seg(K1, 64'h1100, 32'h8); nr = 4;
    nx = 0; expect_w(0, 64'h80000, 32'h8);
    run("no LOCAL_WRITE", -1, `RNIC_WC_STATUS_LOC_PROT_ERR, 1'b0, 32'd0);

    // an SGE past its region's end
    r[0] = hdr(2); r[1] = seg(K1, 64'h1F80, 32'h100); r[2] = seg(K1, 64'h1000, 32'h8); nr = 3;
    nx = 0;
    run("outside the region", -1, `RNIC_WC_STATUS_LOC_PROT_ERR, 1'b0, 32'd0);

    // a key of another PD
    r[0] = hdr(1); r[1] = seg(K3, 64'h1000, 32'h8); nr = 2;
    nx = 0;
    run("another PD", -1, `RNIC_WC_STATUS_LOC_PROT_ERR, 1'b0, 32'd0);

    // a read error on an SGE record
    r[0] = hdr(2); r[1] = seg(K1, 64'h1000, 32'h8); r[2] = seg(K1, 64'h1010, 32'h8); nr = 3;
    nx = 0; expect_w(0, 64'h80000, 32'h8);
    run("read error", 2, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 1'b0, 32'd0);

    // a read error on the header record: nothing checked, nothing written
    r[0] = hdr(2); r[1] = seg(K1, 64'h1000, 32'h8); r[2] = seg(K1, 64'h1010, 32'h8); nr = 3;
    nx = 0;
    run("read error on the header", 0, `RNIC_WC_STATUS_LOC_QP_OP_ERR, 1'b0, 32'd0);

    // and a good one again after the errors
    r[0] = hdr(4); for (i = 1; i < 5; i = i + 1) r[i] = seg(K1, 64'h1000 + 64'h100 * i, 32'h40 * i); nr = 5;
    stride = 32'd128;
    nx = 0; for (i = 1; i < 5; i = i + 1) expect_w(i - 1, 64'h80000 + 64'h100 * i, 32'h40 * i);
    run("four SGEs", -1, 8'd0, 1'b0, 32'h280);

    $display("tb_resp_wqe: %0d checks", checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

initial begin
    #1_000_000;
    $display("FAIL: timeout");
    $finish;
end

endmodule

`default_nettype wire
