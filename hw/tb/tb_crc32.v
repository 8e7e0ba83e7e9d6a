// tb_crc32: rnic_crc32 at beat widths 16, 64, 128, 256 and 512 bits, each
// against a bit-serial software CRC on random frames and against the ICRCs of
// the Linux Soft-RoCE frames in hw/tb/vectors/ (tb_crc32_width). Prints PASS
// or FAIL.
`timescale 1ns / 1ps
`default_nettype none

module tb_crc32;

  wire       done16, done64, done128, done256, done512;
  wire [31:0] err16, err64, err128, err256, err512;

  tb_crc32_width #(.DATA_W(16),  .SEED(16),  .FRAMES(60),  .VECTORS(24))  w16  (.done(done16),  .errors(err16));
  tb_crc32_width #(.DATA_W(64),  .SEED(64),  .FRAMES(300), .VECTORS(256)) w64  (.done(done64),  .errors(err64));
  tb_crc32_width #(.DATA_W(128), .SEED(128), .FRAMES(200), .VECTORS(64))  w128 (.done(done128), .errors(err128));
  tb_crc32_width #(.DATA_W(256), .SEED(256), .FRAMES(200), .VECTORS(64))  w256 (.done(done256), .errors(err256));
  tb_crc32_width #(.DATA_W(512), .SEED(512), .FRAMES(300), .VECTORS(256)) w512 (.done(done512), .errors(err512));

  initial begin
    wait (done16 && done64 && done128 && done256 && done512);
    if (err16 + err64 + err128 + err256 + err512 == 0)
      $display("tb_crc32: PASS");
    else
      $display("tb_crc32: FAIL (%0d errors)", err16 + err64 + err128 + err256 + err512);
    $finish;
  end

endmodule

`default_nettype wire
