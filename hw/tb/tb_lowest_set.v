// tb_lowest_set: rnic_lowest_set at 2, 16 and 256 bits against a reference
// that walks the bits from 0 up: every single bit, every vector of
// the 16-bit one, and random vectors (sparse and dense) of the 256-bit one.
`timescale 1ns/1ps
`default_nettype none

module tb_lowest_set;

integer errors = 0;
integer checks = 0;

reg  [1:0]   b1;
wire         any1;
wire [0:0]   idx1;
reg  [15:0]  b4;
wire         any4;
wire [3:0]   idx4;
reg  [255:0] b8;
wire         any8;
wire [7:0]   idx8;

rnic_lowest_set #(.LOG_W(1)) dut1 (.bits(b1), .any(any1), .index(idx1));
rnic_lowest_set #(.LOG_W(4)) dut4 (.bits(b4), .any(any4), .index(idx4));
rnic_lowest_set #(.LOG_W(8)) dut8 (.bits(b8), .any(any8), .index(idx8));

task check;
    input [255:0] b;
    input integer w;
    input         any;
    input [7:0]   idx;
    integer i;
    reg           want_any;
    reg [7:0]     want_idx;
    begin
        i = 0;
        while (i < w && !b[i])
            i = i + 1;
        want_any = i < w;
        want_idx = (i < w) ? i : 0;
        checks = checks + 1;
        if (any !== want_any || idx !== want_idx) begin
            errors = errors + 1;
            if (errors < 10)
                $display("tb_lowest_set: %0d bits, %h: any %b index %0d, expected %b %0d",
                         w, b, any, idx, want_any, want_idx);
        end
    end
endtask

integer n, r, seed;
initial begin
    seed = 7;
    for (n = 0; n < 4; n = n + 1) begin
        b1 = n; #1;
        check({254'd0, b1}, 2, any1, {7'd0, idx1});
    end
    for (n = 0; n < 65536; n = n + 1) begin
        b4 = n; #1;
        check({240'd0, b4}, 16, any4, {4'd0, idx4});
    end
    for (n = 0; n < 16; n = n + 1) begin
        b4 = 16'd1 << n; #1;
        check({240'd0, b4}, 16, any4, {4'd0, idx4});
    end
    b8 = 256'd0; #1;
    check(b8, 256, any8, idx8);
    for (n = 0; n < 256; n = n + 1) begin
        b8 = 256'd1 << n; #1;
        check(b8, 256, any8, idx8);
        b8 = ~256'd0 << n; #1;
        check(b8, 256, any8, idx8);
    end
    for (r = 0; r < 4000; r = r + 1) begin
        b8 = {$random(seed), $random(seed), $random(seed), $random(seed),
              $random(seed), $random(seed), $random(seed), $random(seed)};
        if (r % 2 == 1)   // sparse: a few bits, anywhere
            b8 = (256'd1 << ($unsigned($random(seed)) % 256)) | (256'd1 << ($unsigned($random(seed)) % 256));
        #1;
        check(b8, 256, any8, idx8);
    end
    if (errors == 0)
        $display("tb_lowest_set: %0d checks: PASS", checks);
    else
        $display("tb_lowest_set: FAIL, %0d of %0d checks", errors, checks);
    $finish;
end

endmodule

`default_nettype wire
