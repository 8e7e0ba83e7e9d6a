// xorshift32 (Marsaglia): the testbenches' pseudo-random numbers, included
// inside a module; the same sequence in Icarus and Verilator.
function [31:0] xorshift;
    input [31:0] x;
    reg [31:0] y;
    begin
        y = x ^ (x << 13);
        y = y ^ (y >> 17);
        xorshift = y ^ (y << 5);
    end
endfunction
