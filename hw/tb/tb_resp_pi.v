// tb_resp_pi: rnic_resp_pi (a producer index table, 16 entries) on its own. Rounds of random
// traffic (doorbells and context clears each at most every other cycle, as register writes
// come; a clear often of the doorbell's entry in the same cycle, in some rounds every other
// cycle), each followed by two quiet cycles and a read-back
// of every entry against a model in which an entry holds its last doorbell unless a clear came
// later (a doorbell in the same cycle as a clear of its entry comes after it). Then a reset
// sweep with doorbells during it (dropped): every entry reads 0 afterwards.
`timescale 1ns/1ps
`default_nettype none

module tb_resp_pi;

localparam IDX_W = 4;
localparam N = 1 << IDX_W;

reg clk = 1'b0;
reg rst = 1'b1;
always #5 clk = ~clk;

reg              sweep_busy = 1'b0;
reg [IDX_W-1:0]  sweep_idx = 0;
reg              clr = 1'b0;
reg [IDX_W-1:0]  clr_idx = 0;
reg              db_valid = 1'b0;
reg [IDX_W-1:0]  db_idx = 0;
reg [15:0]       db_pi = 16'd0;
reg [IDX_W-1:0]  ra = 0;
wire [15:0]      rd;

rnic_resp_pi #(.IDX_W(IDX_W)) dut (
    .clk(clk), .rst(rst), .sweep_busy(sweep_busy), .sweep_idx(sweep_idx),
    .clr(clr), .clr_idx(clr_idx), .db_valid(db_valid), .db_idx(db_idx), .db_pi(db_pi),
    .ra(ra), .rd(rd)
);

integer errors = 0;
integer checks = 0;
integer nclr = 0, ndb = 0, nboth = 0;
reg [31:0] rng = 32'h7a3d_1c55;
`include "tb_xorshift.vh"

reg [15:0] model [0:N-1];
integer i, round, c;

task read_all;
    input [8*24-1:0] what;
    begin
        for (i = 0; i < N; i = i + 1) begin
            ra = i;
            @(negedge clk);
            @(negedge clk);
            checks = checks + 1;
            if (rd !== model[i]) begin
                $display("FAIL: %0s: entry %0d reads %h, expected %h", what, i, rd, model[i]);
                errors = errors + 1;
            end
        end
    end
endtask

initial begin
    for (i = 0; i < N; i = i + 1)
        model[i] = 16'd0;
    // the reset sweep first (as rnic_resp runs it)
    @(negedge clk);
    rst = 1'b0;
    for (i = 0; i < N; i = i + 1) begin
        sweep_busy = 1'b1;
        sweep_idx = i;
        @(negedge clk);
    end
    sweep_busy = 1'b0;
    read_all("after the sweep");

    for (round = 0; round < 40; round = round + 1) begin
        for (c = 0; c < 30; c = c + 1) begin
            rng = xorshift(rng);
            // (each is one register write: neither comes in two cycles in a row)
            db_valid = !db_valid && rng[2:0] != 3'd0;
            db_idx = rng[6:3];
            db_pi = rng[31:16];
            // (some rounds clear every other cycle)
            clr = !clr && (rng[9:7] == 3'd0 || (round % 5 == 0 && rng[9:7] < 3'd4));
            clr_idx = rng[10] ? db_idx : rng[14:11];
            if (clr) begin
                model[clr_idx] = 16'd0;
                nclr = nclr + 1;
            end
            if (db_valid) begin
                model[db_idx] = db_pi;
                ndb = ndb + 1;
            end
            if (clr && db_valid && clr_idx == db_idx)
                nboth = nboth + 1;
            @(negedge clk);
        end
        db_valid = 1'b0;
        clr = 1'b0;
        @(negedge clk);
        @(negedge clk);
        read_all("after traffic");
    end

    // a sweep with doorbells during it: dropped
    for (i = 0; i < N; i = i + 1) begin
        sweep_busy = 1'b1;
        sweep_idx = i;
        rng = xorshift(rng);
        db_valid = 1'b1;
        db_idx = rng[3:0];
        db_pi = rng[31:16] | 16'h1;
        model[i] = 16'd0;
        @(negedge clk);
    end
    sweep_busy = 1'b0;
    db_valid = 1'b0;
    @(negedge clk);
    read_all("after a second sweep");

    $display("tb_resp_pi: %0d doorbells, %0d clears (%0d with a doorbell of the entry in the same cycle), %0d checks",
             ndb, nclr, nboth, checks);
    if (errors == 0)
        $display("PASS");
    else
        $display("FAIL: %0d errors", errors);
    $finish;
end

endmodule

`default_nettype wire
