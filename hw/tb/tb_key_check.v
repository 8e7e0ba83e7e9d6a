// tb_key_check: rnic_key_check against directed cases, one rule broken at a
// time (index range, tag, valid, PD, lkey naming a window, rkey naming a
// window bound to another QP, access, each end of the range, a range
// running past 2^64), and the translated address of the ones that pass.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_key_check;

localparam KEY_W = 6;
localparam KT = `RNIC_KEY_TAG_BITS;

integer errors = 0;
integer checks = 0;

reg  [`RNIC_MPT_SHADOW_BITS-1:0] entry;
reg  [31:0] key;
reg         remote;
reg  [23:0] pdn, qpn;
reg  [7:0]  need;
reg  [63:0] addr;
reg  [31:0] len;
wire        ok;
wire [63:0] dev_addr;

rnic_key_check #(
    .KEY_W(KEY_W)
) dut (
    .entry(entry), .key(key), .remote(remote), .pdn(pdn), .qpn(qpn),
    .need(need), .addr(addr), .len(len), .ok(ok), .dev_addr(dev_addr)
);

task set_entry;
    input        valid;
    input        mw;
    input [23:0] e_qpn;
    input [7:0]  tag;
    input [23:0] e_pdn;
    input [7:0]  access;
    input [63:0] start;
    input [63:0] length;
    input [63:0] iova;
    begin
        entry = {`RNIC_MPT_SHADOW_BITS{1'b0}};
        entry[`RNIC_MPT_SHADOW_VALID_LSB +: `RNIC_MPT_SHADOW_VALID_W] = valid;
        entry[`RNIC_MPT_SHADOW_MW_LSB +: `RNIC_MPT_SHADOW_MW_W] = mw;
        entry[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W] = e_qpn;
        entry[`RNIC_MPT_SHADOW_TAG_LSB +: `RNIC_MPT_SHADOW_TAG_W] = tag;
        entry[`RNIC_MPT_SHADOW_PDN_LSB +: `RNIC_MPT_SHADOW_PDN_W] = e_pdn;
        entry[`RNIC_MPT_SHADOW_ACCESS_LSB +: `RNIC_MPT_SHADOW_ACCESS_W] = access;
        entry[`RNIC_MPT_SHADOW_START_LSB +: `RNIC_MPT_SHADOW_START_W] = start;
        entry[`RNIC_MPT_SHADOW_LENGTH_LSB +: `RNIC_MPT_SHADOW_LENGTH_W] = length;
        entry[`RNIC_MPT_SHADOW_IOVA_LSB +: `RNIC_MPT_SHADOW_IOVA_W] = iova;
    end
endtask

task check;
    input [8*48-1:0] what;
    input            want_ok;
    input [63:0]     want_dev;
    begin
        #1;
        checks = checks + 1;
        if (ok !== want_ok || (want_ok && dev_addr !== want_dev)) begin
            errors = errors + 1;
            $display("tb_key_check: %0s: ok %b dev_addr %h, expected ok %b dev_addr %h",
                     what, ok, dev_addr, want_ok, want_dev);
        end
    end
endtask

// a region: key index 5, tag 0x3c, PD 7, local write + remote read,
// [0x1000_0000, +0x2000) mapped at device address 0xAB_0000_0000
localparam [63:0] START = 64'h0000_0000_1000_0000;
localparam [63:0] LENGTH = 64'h2000;
localparam [63:0] IOVA = 64'h0000_00AB_0000_0000;
localparam [7:0]  ACC = `RNIC_ACCESS_LOCAL_WRITE | `RNIC_ACCESS_REMOTE_READ;

task region_request;   // a request the region passes
    begin
        set_entry(1'b1, 1'b0, 24'd0, 8'h3c, 24'd7, ACC, START, LENGTH, IOVA);
        key = (32'd5 << KT) | 32'h3c;
        remote = 1'b0;
        pdn = 24'd7;
        qpn = 24'd9;
        need = `RNIC_ACCESS_LOCAL_WRITE;
        addr = START + 64'h100;
        len = 32'h200;
    end
endtask

initial begin
    region_request;
    check("inside the region", 1'b1, IOVA + 64'h100);
    len = 32'd0;
    check("zero bytes inside", 1'b1, IOVA + 64'h100);
    addr = START; len = LENGTH[31:0];
    check("the whole region", 1'b1, IOVA);
    addr = START + 64'h1; len = LENGTH[31:0];
    check("one byte past the end", 1'b0, 64'd0);
    addr = START + LENGTH; len = 32'd0;
    check("zero bytes at the end", 1'b1, IOVA + LENGTH);
    addr = START + LENGTH; len = 32'd1;
    check("the byte after the end", 1'b0, 64'd0);
    addr = START - 64'h1; len = 32'd2;
    check("one byte before the start", 1'b0, 64'd0);
    addr = 64'hFFFF_FFFF_FFFF_FFF0; len = 32'h20;
    check("a range running past 2^64", 1'b0, 64'd0);
    // below the start of a region whose length reaches past 2^64 (only the
    // borrow of addr - start tells this one apart)
    set_entry(1'b1, 1'b0, 24'd0, 8'h3c, 24'd7, ACC, 64'h1000, ~64'd0, IOVA);
    addr = 64'h800; len = 32'h10;
    check("below the start of an endless region", 1'b0, 64'd0);
    addr = 64'h1800; len = 32'h10;
    check("inside an endless region", 1'b1, IOVA + 64'h800);

    region_request; key = (32'd5 << KT) | 32'h3d;
    check("another tag", 1'b0, 64'd0);
    region_request; key = (32'd5 << KT) | (32'd1 << (KT + KEY_W)) | 32'h3c;
    check("an index beyond the table", 1'b0, 64'd0);
    region_request; entry[`RNIC_MPT_SHADOW_VALID_LSB] = 1'b0;
    check("an invalid entry", 1'b0, 64'd0);
    region_request; pdn = 24'd8;
    check("another PD", 1'b0, 64'd0);
    region_request; need = `RNIC_ACCESS_REMOTE_WRITE;
    check("an access the region lacks", 1'b0, 64'd0);
    region_request; need = `RNIC_ACCESS_REMOTE_READ;
    check("an access the region has", 1'b1, IOVA + 64'h100);
    region_request; need = 8'd0;
    check("no access asked", 1'b1, IOVA + 64'h100);
    region_request; remote = 1'b1; need = `RNIC_ACCESS_REMOTE_READ;
    check("a region through an rkey", 1'b1, IOVA + 64'h100);

    // a window bound to QP 9
    region_request;
    entry[`RNIC_MPT_SHADOW_MW_LSB] = 1'b1;
    entry[`RNIC_MPT_SHADOW_QPN_LSB +: `RNIC_MPT_SHADOW_QPN_W] = 24'd9;
    need = `RNIC_ACCESS_REMOTE_READ;
    check("a window as an lkey", 1'b0, 64'd0);
    remote = 1'b1;
    check("a window through its QP", 1'b1, IOVA + 64'h100);
    qpn = 24'd10;
    check("a window through another QP", 1'b0, 64'd0);

    if (errors == 0)
        $display("tb_key_check: %0d checks: PASS", checks);
    else
        $display("tb_key_check: FAIL, %0d of %0d checks", errors, checks);
    $finish;
end

endmodule

`default_nettype wire
