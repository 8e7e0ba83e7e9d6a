// tb_resp_hdr: rnic_resp_hdr (the responder's latched request header and its opcode decode)
// on its own. Every one of the 32 operation codes under the RC transport, and the RAW_PACKET
// opcode, is taken and its decode checked against the IBA's opcode table (IBA 9.2, table 37):
// SEND, WRITE, READ REQUEST, atomic, COMPARE SWAP, starts / ends a message, ImmDt, IETH, takes
// a receive WQE. The field choice is checked for a WRITE (RETH va, rkey, length), an atomic
// under RC and XRC (AtomicETH va and rkey, length 8), a SEND with Invalidate (the IETH key as
// rkey) and an atomic code under UC (no AtomicETH: the RETH's); every other field once; and a
// header offered without take changes nothing.
`timescale 1ns/1ps
`default_nettype none

`include "rnic_contract.vh"

module tb_resp_hdr;

reg clk = 1'b0;
always #5 clk = ~clk;

reg         take = 1'b0;
reg  [7:0]  s_opcode = 0;
reg         s_se = 0, s_ackreq = 0;
reg  [23:0] s_dqpn = 0, s_psn = 0, s_deth_sqpn = 0;
reg  [63:0] s_reth_va = 0, s_atomic_va = 0, s_atomic_swap = 0, s_atomic_cmp = 0;
reg  [31:0] s_reth_rkey = 0, s_reth_len = 0, s_imm = 0, s_deth_qkey = 0, s_atomic_rkey = 0, s_sip = 0, s_dip = 0;
reg  [15:0] s_ip_id = 0;
reg  [7:0]  s_ttl = 0, s_tos = 0;
reg  [12:0] s_len = 0;
wire [2:0]  tr;
wire        se, ackreq;
wire [23:0] qpn, psn, sqpn;
wire [63:0] va, swap, cmp;
wire [31:0] rkey, rlen, imm, qkey, sip, dip;
wire [12:0] len;
wire [15:0] ip_id;
wire [7:0]  ttl, tos;
wire [4:0]  opl;
wire        op_send, op_write, op_read, op_atomic, op_cmp_swap, op_start, op_end, op_imm, op_inv, op_wqe, op_raw;

rnic_resp_hdr dut (
    .clk(clk), .take(take), .s_opcode(s_opcode), .s_se(s_se), .s_ackreq(s_ackreq), .s_dqpn(s_dqpn), .s_psn(s_psn),
    .s_reth_va(s_reth_va), .s_reth_rkey(s_reth_rkey), .s_reth_len(s_reth_len), .s_imm(s_imm),
    .s_deth_qkey(s_deth_qkey), .s_deth_sqpn(s_deth_sqpn), .s_atomic_va(s_atomic_va), .s_atomic_rkey(s_atomic_rkey),
    .s_atomic_swap(s_atomic_swap), .s_atomic_cmp(s_atomic_cmp), .s_sip(s_sip), .s_dip(s_dip), .s_ip_id(s_ip_id),
    .s_ttl(s_ttl), .s_tos(s_tos), .s_len(s_len),
    .tr(tr), .se(se), .ackreq(ackreq), .qpn(qpn), .psn(psn), .va(va), .rkey(rkey), .rlen(rlen), .imm(imm),
    .len(len), .swap(swap), .cmp(cmp), .qkey(qkey), .sqpn(sqpn), .sip(sip), .dip(dip), .ip_id(ip_id), .ttl(ttl),
    .tos(tos), .opl(opl), .op_send(op_send), .op_write(op_write), .op_read(op_read), .op_atomic(op_atomic),
    .op_cmp_swap(op_cmp_swap), .op_start(op_start), .op_end(op_end), .op_imm(op_imm), .op_inv(op_inv),
    .op_wqe(op_wqe), .op_raw(op_raw)
);

integer errors = 0;
integer checks = 0;

task take_hdr;
    input [7:0] opcode;
    begin
        s_opcode = opcode;
        take = 1'b1;
        @(negedge clk);
        take = 1'b0;
    end
endtask

// the decode of the IBA request operations (low five opcode bits)
// {send, write, read, atomic, cmp_swap, start, end, imm, inv, wqe}
function [9:0] row;
    input [4:0] o;
    begin
        case (o)
        5'h00: row = 10'b1000010000;   // SEND FIRST
        5'h01: row = 10'b1000000000;   // SEND MIDDLE
        5'h02: row = 10'b1000001000;   // SEND LAST
        5'h03: row = 10'b1000001100;   // SEND LAST with immediate
        5'h04: row = 10'b1000011001;   // SEND ONLY
        5'h05: row = 10'b1000011101;   // SEND ONLY with immediate
        5'h06: row = 10'b0100010000;   // RDMA WRITE FIRST
        5'h07: row = 10'b0100000000;   // RDMA WRITE MIDDLE
        5'h08: row = 10'b0100001000;   // RDMA WRITE LAST
        5'h09: row = 10'b0100001101;   // RDMA WRITE LAST with immediate
        5'h0A: row = 10'b0100011000;   // RDMA WRITE ONLY
        5'h0B: row = 10'b0100011101;   // RDMA WRITE ONLY with immediate
        5'h0C: row = 10'b0010000000;   // RDMA READ REQUEST
        5'h13: row = 10'b0001100000;   // COMPARE SWAP
        5'h14: row = 10'b0001000000;   // FETCH ADD
        5'h16: row = 10'b1000001010;   // SEND LAST with Invalidate
        5'h17: row = 10'b1000011011;   // SEND ONLY with Invalidate
        default: row = 10'b0000000000; // responses, ACKs, reserved
        endcase
    end
endfunction
// (the WQE bit of SEND FIRST: a SEND that starts a message takes one)
function [9:0] fix_wqe;
    input [9:0] r;
    fix_wqe = r | {9'd0, r[9] & r[4]};
endfunction

integer o;
reg [9:0] got, want;
initial begin
    repeat (2) @(negedge clk);
    // every operation under RC
    for (o = 0; o < 32; o = o + 1) begin
        take_hdr({`RNIC_BTH_TRANSPORT_RC, o[4:0]});
        got = {op_send, op_write, op_read, op_atomic, op_cmp_swap, op_start, op_end, op_imm, op_inv, op_wqe};
        want = fix_wqe(row(o[4:0]));
        checks = checks + 1;
        if (got !== want || opl !== o[4:0] || tr !== `RNIC_BTH_TRANSPORT_RC || op_raw !== 1'b0) begin
            $display("FAIL: opcode %h: decode %b, expected %b (opl %h tr %0d raw %b)", o, got, want, opl, tr, op_raw);
            errors = errors + 1;
        end
    end
    // RAW_PACKET: a SEND that starts and ends a message and takes a WQE
    take_hdr(`RNIC_RAW_OPCODE);
    checks = checks + 1;
    if (!op_raw || !op_send || !op_start || !op_end || !op_wqe || op_write || op_imm || op_inv || op_read ||
        op_atomic || op_cmp_swap) begin
        $display("FAIL: RAW_OPCODE decode");
        errors = errors + 1;
    end

    // fields of a WRITE ONLY
    s_se = 1'b1; s_ackreq = 1'b1; s_dqpn = 24'h00_0123; s_psn = 24'hAB_CDEF;
    s_reth_va = 64'h1111_2222_3333_4444; s_reth_rkey = 32'h5555_6666; s_reth_len = 32'd777;
    s_atomic_va = 64'h8888_9999_AAAA_BBB8; s_atomic_rkey = 32'hCCCC_DDDD;
    s_atomic_swap = 64'h0102_0304_0506_0708; s_atomic_cmp = 64'h1112_1314_1516_1718;
    s_imm = 32'hFEED_BEEF; s_deth_qkey = 32'h8000_0011; s_deth_sqpn = 24'h00_0042;
    s_sip = 32'h0A00_0001; s_dip = 32'h0A00_0002; s_ip_id = 16'h1234; s_ttl = 8'd64; s_tos = 8'h10;
    s_len = 13'd1024;
    take_hdr({`RNIC_BTH_TRANSPORT_RC, `RNIC_BTH_OP_WRITE_ONLY});
    checks = checks + 1;
    if (va !== s_reth_va || rkey !== s_reth_rkey || rlen !== 32'd777 || se !== 1'b1 || ackreq !== 1'b1 ||
        qpn !== 24'h123 || psn !== 24'hABCDEF || imm !== 32'hFEEDBEEF || qkey !== 32'h8000_0011 ||
        sqpn !== 24'h42 || sip !== 32'h0A00_0001 || dip !== 32'h0A00_0002 || ip_id !== 16'h1234 ||
        ttl !== 8'd64 || tos !== 8'h10 || len !== 13'd1024 || swap !== s_atomic_swap || cmp !== s_atomic_cmp) begin
        $display("FAIL: the fields of a WRITE ONLY");
        errors = errors + 1;
    end
    // an atomic, under RC and XRC: the AtomicETH's va and rkey, length 8
    take_hdr({`RNIC_BTH_TRANSPORT_RC, `RNIC_BTH_OP_FETCH_ADD});
    checks = checks + 1;
    if (va !== s_atomic_va || rkey !== s_atomic_rkey || rlen !== 32'd8) begin
        $display("FAIL: RC FETCH ADD: va %h rkey %h rlen %0d", va, rkey, rlen);
        errors = errors + 1;
    end
    take_hdr({`RNIC_BTH_TRANSPORT_RC, `RNIC_BTH_OP_WRITE_ONLY});
    take_hdr({`RNIC_BTH_TRANSPORT_XRC, `RNIC_BTH_OP_CMP_SWAP});
    checks = checks + 1;
    if (va !== s_atomic_va || rkey !== s_atomic_rkey || rlen !== 32'd8 || tr !== `RNIC_BTH_TRANSPORT_XRC) begin
        $display("FAIL: XRC COMPARE SWAP: va %h rkey %h rlen %0d", va, rkey, rlen);
        errors = errors + 1;
    end
    // an atomic code under UC has no AtomicETH: the RETH's fields
    take_hdr({`RNIC_BTH_TRANSPORT_UC, `RNIC_BTH_OP_CMP_SWAP});
    checks = checks + 1;
    if (va !== s_reth_va || rkey !== s_reth_rkey || rlen !== 32'd777) begin
        $display("FAIL: UC code 0x13: va %h rkey %h rlen %0d", va, rkey, rlen);
        errors = errors + 1;
    end
    // SEND ONLY with Invalidate: the IETH key is the rkey
    take_hdr({`RNIC_BTH_TRANSPORT_RC, `RNIC_BTH_OP_SEND_ONLY_INV});
    checks = checks + 1;
    if (rkey !== 32'hFEED_BEEF || va !== s_reth_va || rlen !== 32'd777) begin
        $display("FAIL: SEND ONLY with Invalidate: rkey %h", rkey);
        errors = errors + 1;
    end
    // without take nothing changes
    s_opcode = {`RNIC_BTH_TRANSPORT_UD, `RNIC_BTH_OP_READ_REQ}; s_se = 1'b0; s_ackreq = 1'b0; s_dqpn = 24'd7;
    s_psn = 24'd5; s_reth_va = 64'd9; s_reth_rkey = 32'd1; s_reth_len = 32'd2; s_atomic_va = 64'd3;
    s_atomic_rkey = 32'd4; s_atomic_swap = 64'd5; s_atomic_cmp = 64'd6; s_imm = 32'd0; s_deth_qkey = 32'd7;
    s_deth_sqpn = 24'd8; s_sip = 32'd9; s_dip = 32'd10; s_ip_id = 16'd11; s_ttl = 8'd12; s_tos = 8'd13;
    s_len = 13'd0;
    repeat (3) @(negedge clk);
    checks = checks + 1;
    if (opl !== `RNIC_BTH_OP_SEND_ONLY_INV || tr !== `RNIC_BTH_TRANSPORT_RC || se !== 1'b1 || ackreq !== 1'b1 ||
        qpn !== 24'h123 || psn !== 24'hABCDEF || va !== 64'h1111_2222_3333_4444 || rkey !== 32'hFEED_BEEF ||
        rlen !== 32'd777 || imm !== 32'hFEED_BEEF || len !== 13'd1024 || swap !== 64'h0102_0304_0506_0708 ||
        cmp !== 64'h1112_1314_1516_1718 || qkey !== 32'h8000_0011 || sqpn !== 24'h42 || sip !== 32'h0A00_0001 ||
        dip !== 32'h0A00_0002 || ip_id !== 16'h1234 || ttl !== 8'd64 || tos !== 8'h10) begin
        $display("FAIL: the header changed without take");
        errors = errors + 1;
    end

    $display("tb_resp_hdr: %0d checks", checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

endmodule

`default_nettype wire
