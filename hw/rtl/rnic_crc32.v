// CRC-32 (IEEE 802.3 polynomial 0x04C11DB7, reflected: 0xEDB88320), as zlib's
// crc32(), over one bus beat per cycle. Purely combinational: the caller keeps
// the running state in a register, starts it at 32'hFFFFFFFF and takes the CRC
// value as ~crc_out after the last beat. Byte lane i is tdata[8*i +: 8] and is
// folded in lane order when keep[i] is set, so a partial beat of n bytes from
// lane 0 is keep = (1 << n) - 1; lanes may also be skipped (the ICRC leaves the
// first Ethernet bytes out).
`default_nettype none

module rnic_crc32 #(
  parameter DATA_W = 512  // beat width in bits, a multiple of 8
) (
  input  wire [31:0]         crc_in,   // running state before this beat
  input  wire [DATA_W-1:0]   data,     // the beat, byte lane i in data[8*i +: 8]
  input  wire [DATA_W/8-1:0] keep,     // lanes folded into the CRC
  output reg  [31:0]         crc_out   // running state after this beat
);

  localparam KEEP_W = DATA_W / 8;

  initial begin
    if (DATA_W % 8 != 0 || DATA_W < 8) begin
      $error("rnic_crc32: DATA_W must be a positive multiple of 8");
      $finish;
    end
  end

  integer i, b;
  reg [31:0] c;

  always @* begin
    c = crc_in;
    for (i = 0; i < KEEP_W; i = i + 1) begin
      if (keep[i]) begin
        for (b = 0; b < 8; b = b + 1) begin
          if (c[0] ^ data[8*i + b]) begin
            c = {1'b0, c[31:1]} ^ 32'hEDB88320;
          end else begin
            c = {1'b0, c[31:1]};
          end
        end
      end
    end
    crc_out = c;
  end

endmodule

`default_nettype wire
