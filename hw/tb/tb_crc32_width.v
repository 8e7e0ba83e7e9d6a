// One beat width of tb_crc32: rnic_crc32 at DATA_W against a bit-serial
// software CRC and against the Soft-RoCE frames' ICRCs.
//
// test_vectors: every frame of hw/tb/vectors/frames.hex, masked as the ICRC
//   rule says (IBA annex A17: the first 6 bytes left out, the LRH stand-in and
//   variant fields as ones), its own ICRC included: the register must end at
//   the CRC-32 residue; the same frame with one bit flipped must not.
// test_random: frames of 1..700 random bytes, starting at a random lane of the
//   first beat, ending anywhere, followed by 0..2 empty beats, with bubbles
//   (in_valid low) and stalls (ce low): every frame's register compared with
//   the software CRC, frames in order, none lost or extra.
`timescale 1ns / 1ps
`default_nettype none

module tb_crc32_width #(
  parameter DATA_W = 512,  // beat width under test
  parameter SEED = 1,      // random stream
  parameter FRAMES = 1500, // random frames
  parameter VECTORS = 256  // Soft-RoCE frames, at most
) (
  output reg done,
  output reg [31:0] errors
);

  localparam KEEP_W = DATA_W / 8;
  localparam [31:0] RESIDUE = 32'hDEBB20E3;
  localparam META_W = 912;

  reg clk = 1'b0;
  always #2 clk = !clk;
  reg rst = 1'b1;

  reg                 ce = 1'b1;
  reg                 in_valid = 1'b0, in_first = 1'b0, in_last = 1'b0;
  reg  [DATA_W-1:0]   in_data = {DATA_W{1'b0}};
  reg  [KEEP_W-1:0]   in_keep = {KEEP_W{1'b0}};
  reg  [15:0]         in_user = 16'd0;
  wire                out_valid, out_last;
  wire [15:0]         out_user;
  wire [31:0]         out_crc;

  rnic_crc32 #(.DATA_W(DATA_W), .USER_W(16)) dut (
    .clk(clk), .rst(rst), .ce(ce),
    .in_valid(in_valid), .in_first(in_first), .in_last(in_last),
    .in_data(in_data), .in_keep(in_keep), .in_user(in_user),
    .out_valid(out_valid), .out_last(out_last), .out_user(out_user), .out_crc(out_crc)
  );

  // expected register of each frame, by frame number (in_user / out_user)
  reg [31:0] expect_crc [0:4095];
  integer    sent, received, seed;

  // the frame under construction
  reg [7:0]  fbuf [0:8191];

  // the software CRC: bit-serial, one byte at a time through a table that the
  // bit-serial loop filled in (table[x]: the register x after eight zero bits)
  reg [31:0] table_mem [0:255];
  task fill_table;
    integer x, b;
    reg [31:0] c;
    begin
      for (x = 0; x < 256; x = x + 1) begin
        c = x;
        for (b = 0; b < 8; b = b + 1)
          c = c[0] ? ({1'b0, c[31:1]} ^ 32'hEDB88320) : {1'b0, c[31:1]};
        table_mem[x] = c;
      end
    end
  endtask

  function [31:0] soft_crc;
    input integer len;
    integer i;
    reg [31:0] c;
    begin
      c = 32'hFFFFFFFF;
      for (i = 0; i < len; i = i + 1)
        c = {8'd0, c[31:8]} ^ table_mem[c[7:0] ^ fbuf[i]];
      soft_crc = c;
    end
  endfunction

  // monitor: every frame's register, in order
  always @(posedge clk) begin
    if (!rst && ce && out_valid && out_last) begin
      if (out_user != received[15:0]) begin
        $display("FAIL tb_crc32 W=%0d: frame %0d out of order (got %0d)", DATA_W, received, out_user);
        errors = errors + 1;
      end else if (out_crc !== expect_crc[received % 4096]) begin
        $display("FAIL tb_crc32 W=%0d: frame %0d register %08x, expected %08x", DATA_W, received,
                 out_crc, expect_crc[received % 4096]);
        errors = errors + 1;
      end
      received = received + 1;
    end
  end

  // one enabled cycle with the inputs given; random stalls (ce low) before it
  task cycle;
    input stalls;
    begin
      while (stalls && ($random(seed) & 7) == 0) begin
        ce = 1'b0;
        @(negedge clk);
      end
      ce = 1'b1;
      @(negedge clk);
    end
  endtask

  // send fbuf[0..len-1] starting at lane lane0; empties empty beats after it
  task send_frame;
    input integer len;
    input integer lane0;
    input integer empties;
    input         noisy;       // bubbles and stalls
    integer pos, l, e;
    reg     first;
    begin
      pos = 0;
      first = 1'b1;
      while (pos < len) begin
        while (noisy && ($random(seed) & 7) == 0) begin
          in_valid = 1'b0;
          in_data = {DATA_W{1'b1}};
          in_keep = {KEEP_W{1'b1}};
          cycle(noisy);
        end
        in_valid = 1'b1;
        in_first = first;
        in_user = sent[15:0];
        in_data = {DATA_W{1'b0}};
        in_keep = {KEEP_W{1'b0}};
        for (l = 0; l < KEEP_W; l = l + 1) begin
          in_data[8*l +: 8] = $random(seed);  // unkept lanes carry noise
          if ((!first || l >= lane0) && pos < len) begin
            in_data[8*l +: 8] = fbuf[pos];
            in_keep[l] = 1'b1;
            pos = pos + 1;
          end
        end
        in_last = pos >= len && empties == 0;
        first = 1'b0;
        cycle(noisy);
      end
      for (e = 0; e < empties; e = e + 1) begin
        in_valid = 1'b1;
        in_first = 1'b0;
        in_keep = {KEEP_W{1'b0}};
        in_data = $random(seed);
        in_last = e == empties - 1;
        cycle(noisy);
      end
      in_valid = 1'b0;
      in_first = 1'b0;
      in_last = 1'b0;
      sent = sent + 1;
    end
  endtask

  task drain;
    integer t;
    begin
      in_valid = 1'b0;
      for (t = 0; t < 20 && received != sent; t = t + 1) cycle(1'b0);
      if (received != sent) begin
        $display("FAIL tb_crc32 W=%0d: %0d frames sent, %0d came out", DATA_W, sent, received);
        errors = errors + 1;
      end
    end
  endtask

  task reset;
    begin
      rst = 1'b1;
      ce = 1'b1;
      in_valid = 1'b0;
      sent = 0;
      received = 0;
      repeat (3) @(negedge clk);
      rst = 1'b0;
    end
  endtask

  // ---------------------------------------------------------------------
  reg [127:0]      frames_mem [0:16383];
  reg [META_W-1:0] meta_mem [0:255];

  function [7:0] vec_byte;
    input [31:0] word;
    input integer b;
    reg [127:0] w;
    begin
      w = frames_mem[word + b / 16];
      vec_byte = w[8 * (b % 16) +: 8];
    end
  endfunction

  task test_vectors;
    integer v, i, n, dgram_end, frames;
    reg [31:0] word;
    begin
      reset;
      frames = 0;
      for (v = 0; v < VECTORS && meta_mem[v] != {META_W{1'b0}}; v = v + 1) begin
        word = meta_mem[v][880 +: 32];
        dgram_end = {vec_byte(word, 16), vec_byte(word, 17)} + 14;
        // bytes 6.. of the datagram, variant fields as ones
        n = 0;
        for (i = 6; i < dgram_end; i = i + 1) begin
          fbuf[n] = (i <= 13 || i == 15 || i == 22 || i == 24 || i == 25 || i == 40 || i == 41 ||
                     i == 46) ? 8'hFF : vec_byte(word, i);
          n = n + 1;
        end
        if (soft_crc(n) != RESIDUE) begin
          $display("FAIL tb_crc32: the software CRC rejects vector frame %0d", v);
          errors = errors + 1;
        end
        expect_crc[sent % 4096] = RESIDUE;
        send_frame(n, 6, v % 2, v % 3 == 0);  // ICRC coverage starts at lane 6
        // one bit flipped: the register must miss the residue
        fbuf[v % n][v % 8] = !fbuf[v % n][v % 8];
        expect_crc[sent % 4096] = soft_crc(n);
        if (expect_crc[sent % 4096] == RESIDUE) begin
          $display("FAIL tb_crc32: a flipped bit kept the residue (frame %0d)", v);
          errors = errors + 1;
        end
        send_frame(n, 6, 0, 1'b0);
        frames = frames + 1;
      end
      drain;
      $display("tb_crc32 W=%0d: %0d Soft-RoCE frames end at the residue, %0d corrupted copies miss it",
               DATA_W, frames, frames);
    end
  endtask

  task test_random;
    integer f, i, len, lane0, full;
    begin
      reset;
      full = 0;
      for (f = 0; f < FRAMES; f = f + 1) begin
        len = 1 + {$random(seed)} % 700;
        if (f % 5 == 0) len = 1 + {$random(seed)} % 8;
        lane0 = {$random(seed)} % KEEP_W;
        if (f % 3 == 0) lane0 = 0;
        for (i = 0; i < len; i = i + 1) fbuf[i] = $random(seed);
        expect_crc[sent % 4096] = soft_crc(len);
        if ((lane0 + len) % KEEP_W == 0) full = full + 1;
        send_frame(len, lane0, {$random(seed)} % 3, f % 2);
        if (sent - received > 2000) drain;
      end
      drain;
      $display("tb_crc32 W=%0d: %0d random frames match the software CRC (%0d end on a full beat)",
               DATA_W, FRAMES, full);
    end
  endtask

  initial begin
    done = 1'b0;
    errors = 0;
    seed = SEED;
    fill_table;
    $readmemh("vectors/frames.hex", frames_mem);
    $readmemh("vectors/meta.hex", meta_mem);
    @(negedge clk);
    test_vectors;
    test_random;
    done = 1'b1;
  end

endmodule

`default_nettype wire
