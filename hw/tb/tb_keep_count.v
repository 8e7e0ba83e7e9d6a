// tb_keep_count: rnic_keep_count at every width it takes (2..64 lanes):
// every thermometer code gives its count and thermo = 1; random codes that
// are not thermometer codes give thermo = 0 (each compared with a reference
// computed lane by lane).
`timescale 1ns/1ps
`default_nettype none

module tb_keep_count;

integer errors = 0;
integer checks = 0;

`define KC_INST(W, LW) \
    reg  [W-1:0] keep_``W; \
    wire [LW:0]  count_``W; \
    wire         thermo_``W; \
    rnic_keep_count #(.KEEP_W(W)) dut_``W (.keep(keep_``W), .count(count_``W), .thermo(thermo_``W));

`KC_INST(2, 1)
`KC_INST(4, 2)
`KC_INST(8, 3)
`KC_INST(16, 4)
`KC_INST(32, 5)
`KC_INST(64, 6)

// reference: popcount, and whether no kept lane sits above an unkept one
function [7:0] ref_count;
    input [63:0] k;
    input integer w;
    integer i;
    begin
        ref_count = 0;
        for (i = 0; i < w; i = i + 1) ref_count = ref_count + k[i];
    end
endfunction

function ref_thermo;
    input [63:0] k;
    input integer w;
    integer i;
    begin
        ref_thermo = 1'b1;
        for (i = 1; i < w; i = i + 1) if (k[i] && !k[i-1]) ref_thermo = 1'b0;
    end
endfunction

task check;
    input integer w;
    input [63:0] k;
    input [7:0] cnt;
    input th;
    begin
        checks = checks + 1;
        if (th !== ref_thermo(k, w) || (th && cnt !== ref_count(k, w))) begin
            errors = errors + 1;
            if (errors < 10)
                $display("FAIL: KEEP_W %0d keep %h: count %0d thermo %b, expected %0d %b",
                         w, k, cnt, th, ref_count(k, w), ref_thermo(k, w));
        end
    end
endtask

task apply;
    input [63:0] k;
    begin
        keep_2 = k[1:0]; keep_4 = k[3:0]; keep_8 = k[7:0];
        keep_16 = k[15:0]; keep_32 = k[31:0]; keep_64 = k;
        #1;
        check(2, {62'd0, k[1:0]}, {6'd0, count_2}, thermo_2);
        check(4, {60'd0, k[3:0]}, {5'd0, count_4}, thermo_4);
        check(8, {56'd0, k[7:0]}, {4'd0, count_8}, thermo_8);
        check(16, {48'd0, k[15:0]}, {3'd0, count_16}, thermo_16);
        check(32, {32'd0, k[31:0]}, {2'd0, count_32}, thermo_32);
        check(64, k, {1'b0, count_64}, thermo_64);
    end
endtask

integer n, r, seed;
reg [63:0] k;
initial begin
    seed = 7;
    // every thermometer code at every width (the narrower ones see its low lanes)
    for (n = 0; n <= 64; n = n + 1) begin
        k = (n == 64) ? ~64'd0 : ((64'd1 << n) - 1);
        apply(k);
    end
    // random codes: most are not thermometer codes
    for (r = 0; r < 20000; r = r + 1) begin
        k = {$random(seed), $random(seed)};
        if (r % 4 == 1) k = k & ((64'd1 << (r % 64)) - 1);        // fewer high lanes
        if (r % 4 == 2) k = ((64'd1 << (r % 64)) - 1) ^ (64'd1 << ((r / 4) % 64));  // one lane off or on
        apply(k);
    end
    if (errors == 0)
        $display("tb_keep_count: %0d checks at 2..64 lanes: PASS", checks);
    else
        $display("tb_keep_count: FAIL, %0d of %0d checks", errors, checks);
    $finish;
end

endmodule

`default_nettype wire
