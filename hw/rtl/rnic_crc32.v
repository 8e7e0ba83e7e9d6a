// CRC-32 over a stream of beats in parallel XOR-matrix form, pipelined (5 stages).
//
// The CRC is zlib's crc32() register (IEEE 802.3 polynomial, reflected
// 0xEDB88320, bytes in lane order, bits LSB first): the register starts at
// 0xFFFFFFFF on a frame's first beat and out_crc is its value after the frame's last
// byte (the caller inverts it for a CRC value, or compares it with the residue
// 0xDEBB20E3 when the frame ends with its own CRC).
//
// Lanes: byte i of a beat is in_data[8*i +: 8] and counts when in_keep[i] is
// set. The kept lanes of a beat are contiguous; only a frame's first beat may
// start above lane 0, and only its last non-empty beat may end below the top
// lane (empty beats, e.g. Ethernet padding, may follow it and change nothing).
//
// Every beat is folded as a whole beat with its unkept lanes zero, so the loop
// that carries the register from beat to beat is one fixed matrix (A^W, W the
// beat's byte count) plus an XOR, about three LUT levels:
//   stage 1  register the beat, its lanes masked; one-hot first and last lane
//   stage 2  L = the beat's contribution from a zero register (an XOR tree per
//            bit, no state involved); on a first beat also A^(W-s) 0xFFFFFFFF,
//            the start value carried across the lanes from the first kept lane s
//   stage 3  acc = first ? L : A^W acc ^ L   (the only feedback loop)
//   stage 4, 5  acc counted z zero bytes too many when the last beat ended
//            z lanes early: undo them with A^-z, three bits of z per stage
// A beat is treated the same whether or not it is a frame's last, so nothing
// waits for the end of a frame; in_user rides along, and out_* present the
// beat five enabled cycles (ce) after it entered, with out_crc on its out_last.
// The matrices are constants that scripts/gen_crc32.py computes from the
// polynomial into hw/include/rnic_crc32_tables.vh.
`default_nettype none

module rnic_crc32 #(
  parameter DATA_W = 512,               // beat width in bits: a power of two, 16..512
  parameter USER_W = 1                  // sideband bits carried with each beat
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire                 ce,        // advance every stage by one beat slot

  // beats in
  input  wire                 in_valid,
  input  wire                 in_first,  // a frame's first beat: the register starts at 0xFFFFFFFF
  input  wire                 in_last,   // a frame's last beat
  input  wire [DATA_W-1:0]    in_data,
  input  wire [DATA_W/8-1:0]  in_keep,
  input  wire [USER_W-1:0]    in_user,

  // the same beats, LATENCY enabled cycles later
  output wire                 out_valid,
  output wire                 out_last,
  output wire [USER_W-1:0]    out_user,
  output wire [31:0]          out_crc    // on out_last: the register after the frame
);

  localparam KEEP_W = DATA_W / 8;
  localparam [31:0] INIT = 32'hFFFFFFFF;

  initial begin
    if (DATA_W != 16 && DATA_W != 32 && DATA_W != 64 && DATA_W != 128 && DATA_W != 256 &&
        DATA_W != 512) begin
      $error("rnic_crc32: DATA_W must be 16, 32, 64, 128, 256 or 512");
      $finish;
    end
    if (USER_W < 1) begin
      $error("rnic_crc32: USER_W must be at least 1");
      $finish;
    end
  end

  // ---------------------------------------------------------------------
  // the matrices: constants from scripts/gen_crc32.py
  `include "rnic_crc32_tables.vh"

  localparam [32*512-1:0] DATA_ROWS = rnic_crc32_data_rows(DATA_W);
  localparam [1023:0]     BEAT_MATRIX = rnic_crc32_beat_matrix(DATA_W);
  localparam [32*64-1:0]  START = rnic_crc32_start_values(DATA_W);

  // zero lanes after lane l, for each lane l
  function [6*KEEP_W-1:0] lanes_after;
    input integer unused;
    integer i;
    /* verilator lint_off UNUSEDSIGNAL */ // at most 63
    reg [31:0] z;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      for (i = 0; i < KEEP_W; i = i + 1) begin
        z = KEEP_W - 1 - i + unused;
        lanes_after[6*i +: 6] = z[5:0];
      end
    end
  endfunction
  localparam [6*KEEP_W-1:0] LANES_AFTER = lanes_after(0);

  // ---------------------------------------------------------------------
  // stage 1: the beat with its unkept lanes zero
  reg                 v1_reg, first1_reg, last1_reg, empty1_reg;
  reg [DATA_W-1:0]    data1_reg;
  reg [KEEP_W-1:0]    start1_reg, end1_reg;
  reg [USER_W-1:0]    user1_reg;

  wire [KEEP_W-1:0] keep_below = in_keep << 1;  // lane l: lane l-1 kept
  wire [KEEP_W-1:0] keep_above = in_keep >> 1;  // lane l: lane l+1 kept

  integer l;
  reg [DATA_W-1:0] in_masked;
  always @* begin
    for (l = 0; l < KEEP_W; l = l + 1)
      in_masked[8*l +: 8] = in_keep[l] ? in_data[8*l +: 8] : 8'h00;
  end

  always @(posedge clk) begin
    if (ce) begin
      v1_reg <= in_valid;
      first1_reg <= in_first;
      last1_reg <= in_last;
      empty1_reg <= ~|in_keep;
      data1_reg <= in_masked;
      start1_reg <= in_keep & ~keep_below;  // the first kept lane, one-hot
      end1_reg <= in_keep & ~keep_above;    // the last kept lane, one-hot
      user1_reg <= in_user;
    end
    if (rst) v1_reg <= 1'b0;
  end

  // ---------------------------------------------------------------------
  // stage 2: the beat's contribution, no state involved
  reg                 v2_reg, first2_reg, last2_reg, empty2_reg;
  reg [31:0]          lin2_reg;
  reg [5:0]           z2_reg;      // zero lanes after the last kept lane
  reg [USER_W-1:0]    user2_reg;

  wire [31:0] lin_data;
  genvar j;
  generate
    for (j = 0; j < 32; j = j + 1) begin : g_lin
      localparam [DATA_W-1:0] ROW = DATA_ROWS[512*j +: DATA_W];
      assign lin_data[j] = ^(data1_reg & ROW);
    end
  endgenerate

  reg [31:0] start_value;
  reg [5:0]  z_of_end;
  integer s;
  always @* begin
    start_value = 32'd0;
    z_of_end = 6'd0;
    for (s = 0; s < KEEP_W; s = s + 1) begin
      if (start1_reg[s]) start_value = start_value | START[32*s +: 32];
      if (end1_reg[s]) z_of_end = z_of_end | LANES_AFTER[6*s +: 6];
    end
  end

  always @(posedge clk) begin
    if (ce) begin
      v2_reg <= v1_reg;
      first2_reg <= first1_reg;
      last2_reg <= last1_reg;
      empty2_reg <= empty1_reg;
      lin2_reg <= lin_data ^ (first1_reg ? start_value : 32'd0);
      z2_reg <= z_of_end;
      user2_reg <= user1_reg;
    end
    if (rst) v2_reg <= 1'b0;
  end

  // ---------------------------------------------------------------------
  // stage 3: the register, carried one whole beat at a time
  reg                 v3_reg, last3_reg;
  reg [31:0]          acc_reg;
  reg [5:0]           z3_reg;
  reg [USER_W-1:0]    user3_reg;

  wire [31:0] acc_carried;
  generate
    for (j = 0; j < 32; j = j + 1) begin : g_beat
      localparam [31:0] ROW = BEAT_MATRIX[32*j +: 32];
      assign acc_carried[j] = ^(acc_reg & ROW);
    end
  endgenerate

  always @(posedge clk) begin
    if (ce) begin
      v3_reg <= v2_reg;
      last3_reg <= last2_reg;
      user3_reg <= user2_reg;
      if (v2_reg) begin
        if (empty2_reg) begin
          if (first2_reg) begin
            acc_reg <= INIT;
            z3_reg <= 6'd0;
          end
        end else begin
          acc_reg <= (first2_reg ? 32'd0 : acc_carried) ^ lin2_reg;
          z3_reg <= z2_reg;
        end
      end
    end
    if (rst) begin
      v3_reg <= 1'b0;
      acc_reg <= INIT;
      z3_reg <= 6'd0;
    end
  end

  // ---------------------------------------------------------------------
  // stages 4 and 5: undo z zero bytes, z[2:0] then z[5:3]
  reg                 v4_reg, last4_reg, v5_reg, last5_reg;
  reg [31:0]          c4_reg, c5_reg;
  reg [2:0]           z4_reg;
  reg [USER_W-1:0]    user4_reg, user5_reg;

  // low_bits[32*m + j]: bit j of acc carried back 8*m zero bits (m zero
  // bytes); high_bits likewise for c4 and 8*m zero bytes
  wire [255:0] low_bits, high_bits;
  genvar m;
  generate
    for (m = 0; m < 8; m = m + 1) begin : g_undo
      localparam [1023:0] LOW_MATRIX = rnic_crc32_undo_matrix(m);
      localparam [1023:0] HIGH_MATRIX = rnic_crc32_undo_matrix(8 * m);
      for (j = 0; j < 32; j = j + 1) begin : g_bit
        localparam [31:0] LOW = LOW_MATRIX[32*j +: 32];
        localparam [31:0] HIGH = HIGH_MATRIX[32*j +: 32];
        assign low_bits[32*m + j] = ^(acc_reg & LOW);
        assign high_bits[32*m + j] = ^(c4_reg & HIGH);
      end
    end
  endgenerate
  wire [31:0] c_low = low_bits[32*z3_reg[2:0] +: 32];
  wire [31:0] c_high = high_bits[32*z4_reg +: 32];

  always @(posedge clk) begin
    if (ce) begin
      v4_reg <= v3_reg;
      last4_reg <= last3_reg;
      c4_reg <= c_low;
      z4_reg <= z3_reg[5:3];
      user4_reg <= user3_reg;
      v5_reg <= v4_reg;
      last5_reg <= last4_reg;
      c5_reg <= c_high;
      user5_reg <= user4_reg;
    end
    if (rst) begin
      v4_reg <= 1'b0;
      v5_reg <= 1'b0;
    end
  end

  assign out_valid = v5_reg;
  assign out_last = last5_reg;
  assign out_user = user5_reg;
  assign out_crc = c5_reg;

endmodule

`default_nettype wire
