// PSN order, for the modules that compare 24-bit PSNs (IBA 9.7.1: serial
// number arithmetic modulo 2^24). Included inside a module body, once per
// module: no include guard.
//
// psn_le(a, b): a is at or before b (b - a, modulo 2^24, below 2^23).
function psn_le;
    input [23:0] a;
    input [23:0] b;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [23:0] d;   // only the sign bit is used
    /* verilator lint_on UNUSEDSIGNAL */
    begin
        d = b - a;
        psn_le = !d[23];
    end
endfunction
