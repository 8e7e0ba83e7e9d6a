// tb_qp_val: rnic_qp_val (16 QPs, 3 bits) against a model of one register
// per QP that both writers assign in the same clock edge, the context
// write last: random engine and context writes (same QP, other QP, both,
// back to back), two random readers checked every cycle, then the reset
// sweep clears every entry.
`timescale 1ns/1ps
`default_nettype none

module tb_qp_val;

localparam QPN_W = 4;
localparam QPS = 1 << QPN_W;
localparam W = 3;

reg clk = 1'b0;
always #2 clk = ~clk;

integer errors = 0;
integer checks = 0;

reg              rst = 1'b1, sweep_busy = 1'b0;
reg  [QPN_W-1:0] sweep_qp = 0;
reg              e_we = 0, x_we = 0;
reg  [QPN_W-1:0] e_q = 0, x_q = 0, r1_q = 0, r2_q = 0;
reg  [W-1:0]     e_val = 0, x_val = 0;
wire [W-1:0]     r1, r2;

rnic_qp_val #(.QPN_W(QPN_W), .W(W)) dut (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_qp(sweep_qp),
    .e_we(e_we), .e_q(e_q), .e_val(e_val), .x_we(x_we), .x_q(x_q), .x_val(x_val),
    .r1_q(r1_q), .r2_q(r2_q), .r1(r1), .r2(r2)
);

task check;
    input         cond;
    input [255:0] what;
    begin
        checks = checks + 1;
        if (!cond) begin
            errors = errors + 1;
            if (errors < 20)
                $display("tb_qp_val: FAIL at %0t: %0s", $time, what);
        end
    end
endtask

task cycle;
    begin
        @(posedge clk); #1;
    end
endtask

reg [W-1:0] m [0:QPS-1];
integer i, n, same, both;
task sweep;
    begin
        rst = 1; cycle; rst = 0;
        sweep_busy = 1;
        for (i = 0; i < QPS; i = i + 1) begin
            sweep_qp = i; cycle;
        end
        sweep_busy = 0;
        for (i = 0; i < QPS; i = i + 1) m[i] = 0;
    end
endtask

initial begin
    cycle;
    sweep;
    same = 0; both = 0;
    for (n = 0; n < 20000; n = n + 1) begin
        e_we = ($random % 3) == 0; e_q = $random; e_val = $random;
        x_we = ($random % 4) == 0; x_q = ($random & 1) ? e_q : $random; x_val = $random;
        r1_q = $random; r2_q = ($random & 1) ? e_q : $random;
        #0.5;
        check(r1 == m[r1_q], "r1");
        check(r2 == m[r2_q], "r2");
        if (e_we && x_we) both = both + 1;
        if (e_we && x_we && e_q == x_q) same = same + 1;
        // the model: the engine's write, then the context write, at the edge
        if (e_we) m[e_q] = e_val;
        if (x_we) m[x_q] = x_val;
        cycle;
    end
    e_we = 0; x_we = 0;
    $display("tb_qp_val: %0d cycles with both writes, %0d of one QP", both, same);
    check(both > 1000 && same > 500, "both writes exercised");
    // fill, then the sweep clears every entry
    for (i = 0; i < QPS; i = i + 1) begin
        e_we = 1; e_q = i; e_val = 3'd5; cycle;
    end
    e_we = 0; cycle;
    sweep;
    cycle;
    for (i = 0; i < QPS; i = i + 1) begin
        r1_q = i; r2_q = QPS - 1 - i; #0.5;
        check(r1 == 0 && r2 == 0, "swept");
    end
    $display("tb_qp_val: %0d checks, %0d errors", checks, errors);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL");
    $finish;
end

endmodule

`default_nettype wire
