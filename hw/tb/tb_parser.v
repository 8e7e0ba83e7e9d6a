// rnic_parser testbench, on the Linux Soft-RoCE frames of hw/tb/vectors/
// (written by scripts/pcap_vectors.py from rxe-rocev2.pcap).
//
// 1. every vector frame back to back at full rate: every header-bus field and
//    every payload byte (with tkeep and tlast) is compared with what the script
//    extracted from the capture;
// 2. the same frames with random tvalid gaps and random m_hdr_ready /
//    m_axis_pay_tready back-pressure;
// 3. corrupted copies, each between two good frames: one payload bit flipped
//    and the ICRC's last byte flipped (stat_icrc_err), UDP destination port,
//    destination MAC, destination IP, truncated frame, EtherType, IPv4 TTL
//    (outside the ICRC: only the IPv4 header checksum shows it) (stat_bad_hdr).
//    Nothing may be emitted for them, and each must be counted exactly once.
// The good frames must come out in order; a dropped frame that leaked out shows
// as a field mismatch. Prints PASS or FAIL.
`timescale 1ns / 1ps
`default_nettype none

module tb_parser;

  parameter DATA_W = 512;  // stream width under test

  localparam KEEP_W = DATA_W / 8;
  localparam META_W = 912;
  localparam MAX_VEC = 256;
  localparam SBUF = 1 << 20;  // stimulus bytes
  localparam MAX_STIM = 1024;

  reg clk = 1'b0;
  reg rst = 1'b1;
  always #2 clk = !clk;

  // vectors
  reg [127:0]      frames_mem [0:16383];
  reg [127:0]      pay_mem [0:16383];
  reg [META_W-1:0] meta_mem [0:MAX_VEC-1];

  // one meta record, unpacked
  reg [31:0] v_frame_word, v_pay_word;
  reg [15:0] v_frame_len;
  reg [7:0]  v_opcode;
  reg        v_se, v_mig, v_ackreq;
  reg [15:0] v_pkey, v_ip_id, v_sport;
  reg [23:0] v_dqpn, v_psn, v_deth_sqpn;
  reg [47:0] v_dmac, v_smac;
  reg [31:0] v_dip, v_sip, v_reth_rkey, v_reth_len, v_aeth, v_imm, v_deth_qkey, v_atomic_rkey;
  reg [7:0]  v_ttl, v_tos;
  reg [63:0] v_reth_va, v_atomic_va, v_atomic_swap, v_atomic_cmp, v_atomic_ack;
  reg [12:0] v_len;

  task unpack;
    input integer i;
    begin
      {v_frame_word, v_frame_len, v_pay_word, v_opcode, v_se, v_mig, v_ackreq, v_pkey,
       v_dqpn, v_psn, v_dmac, v_smac, v_dip, v_sip, v_ip_id, v_ttl, v_tos, v_sport,
       v_reth_va, v_reth_rkey, v_reth_len, v_aeth, v_imm, v_deth_qkey, v_deth_sqpn,
       v_atomic_va, v_atomic_rkey, v_atomic_swap, v_atomic_cmp, v_atomic_ack, v_len} = meta_mem[i];
    end
  endtask

  // single fields of a record, for processes other than the header monitor
  // (Icarus may interleave task calls of different processes, so only the
  // header monitor uses unpack and the v_* registers)
  function [31:0] m_frame_word; input integer i; m_frame_word = meta_mem[i][880 +: 32]; endfunction
  function [15:0] m_frame_len;  input integer i; m_frame_len  = meta_mem[i][864 +: 16]; endfunction
  function [31:0] m_pay_word;   input integer i; m_pay_word   = meta_mem[i][832 +: 32]; endfunction
  function [47:0] m_dmac;       input integer i; m_dmac       = meta_mem[i][709 +: 48]; endfunction
  function [31:0] m_dip;        input integer i; m_dip        = meta_mem[i][629 +: 32]; endfunction
  function [12:0] m_len;        input integer i; m_len        = meta_mem[i][0 +: 13]; endfunction

  function [7:0] vec_byte;
    input [31:0] word;
    input integer b;
    reg [127:0] w;
    begin
      w = frames_mem[word + b / 16];
      vec_byte = w[8 * (b % 16) +: 8];
    end
  endfunction

  function [7:0] pay_byte;
    input [31:0] word;
    input integer b;
    reg [127:0] w;
    begin
      w = pay_mem[word + b / 16];
      pay_byte = w[8 * (b % 16) +: 8];
    end
  endfunction

  // DUT
  reg  [47:0]         cfg_mac = 48'd0;
  reg  [31:0]         cfg_ip = 32'd0;
  reg  [DATA_W-1:0]   rx_tdata = {DATA_W{1'b0}};
  reg  [KEEP_W-1:0]   rx_tkeep = {KEEP_W{1'b0}};
  reg                 rx_tvalid = 1'b0;
  reg                 rx_tlast = 1'b0;
  wire                rx_tready;
  wire                hdr_valid;
  reg                 hdr_ready = 1'b0;
  wire [7:0]          h_opcode, h_ttl, h_tos;
  wire                h_se, h_mig, h_ackreq;
  wire [15:0]         h_pkey, h_ip_id, h_sport;
  wire [23:0]         h_dqpn, h_psn, h_deth_sqpn;
  wire [47:0]         h_dmac, h_smac;
  wire [31:0]         h_dip, h_sip, h_reth_rkey, h_reth_len, h_aeth, h_imm, h_deth_qkey, h_atomic_rkey;
  wire [63:0]         h_reth_va, h_atomic_va, h_atomic_swap, h_atomic_cmp, h_atomic_ack;
  wire [12:0]         h_len;
  wire [DATA_W-1:0]   pay_tdata;
  wire [KEEP_W-1:0]   pay_tkeep;
  wire                pay_tvalid, pay_tlast;
  reg                 pay_tready = 1'b0;
  wire                stat_icrc_err, stat_bad_hdr;

  rnic_parser #(.DATA_W(DATA_W)) dut (
    .clk(clk), .rst(rst), .cfg_mac(cfg_mac), .cfg_ip(cfg_ip),
    .s_axis_rx_tdata(rx_tdata), .s_axis_rx_tkeep(rx_tkeep), .s_axis_rx_tvalid(rx_tvalid),
    .s_axis_rx_tready(rx_tready), .s_axis_rx_tlast(rx_tlast),
    .m_hdr_valid(hdr_valid), .m_hdr_ready(hdr_ready), .m_hdr_opcode(h_opcode), .m_hdr_se(h_se),
    .m_hdr_mig(h_mig), .m_hdr_ackreq(h_ackreq), .m_hdr_pkey(h_pkey), .m_hdr_dqpn(h_dqpn),
    .m_hdr_psn(h_psn), .m_hdr_dmac(h_dmac), .m_hdr_smac(h_smac), .m_hdr_dip(h_dip),
    .m_hdr_sip(h_sip), .m_hdr_ip_id(h_ip_id), .m_hdr_ttl(h_ttl), .m_hdr_tos(h_tos),
    .m_hdr_sport(h_sport), .m_hdr_reth_va(h_reth_va), .m_hdr_reth_rkey(h_reth_rkey),
    .m_hdr_reth_len(h_reth_len), .m_hdr_aeth(h_aeth), .m_hdr_imm(h_imm),
    .m_hdr_deth_qkey(h_deth_qkey), .m_hdr_deth_sqpn(h_deth_sqpn), .m_hdr_atomic_va(h_atomic_va),
    .m_hdr_atomic_rkey(h_atomic_rkey), .m_hdr_atomic_swap(h_atomic_swap),
    .m_hdr_atomic_cmp(h_atomic_cmp), .m_hdr_atomic_ack(h_atomic_ack), .m_hdr_len(h_len),
    .m_axis_pay_tdata(pay_tdata), .m_axis_pay_tkeep(pay_tkeep), .m_axis_pay_tvalid(pay_tvalid),
    .m_axis_pay_tready(pay_tready), .m_axis_pay_tlast(pay_tlast),
    .stat_icrc_err(stat_icrc_err), .stat_bad_hdr(stat_bad_hdr)
  );

  // stimulus: frames laid out in sbuf; expected good frames by meta index
  reg [7:0]  sbuf [0:SBUF-1];
  integer    s_start [0:MAX_STIM-1];
  integer    s_len [0:MAX_STIM-1];
  reg [47:0] s_mac [0:MAX_STIM-1];
  reg [31:0] s_ip [0:MAX_STIM-1];
  integer    exp_meta [0:MAX_STIM-1];
  integer    n_stim = 0, sbuf_used = 0, n_exp = 0;
  integer    exp_icrc = 0, exp_bad = 0;
  integer    got_icrc = 0, got_bad = 0;
  integer    hdr_seen = 0, pay_seen = 0;   // expected frames whose header / payload arrived
  integer    errors = 0;
  integer    n_vec = 0;
  reg        rand_mode = 1'b0;
  reg [31:0] rng_drv = 32'h1234_5678, rng_hdr = 32'h9abc_def1, rng_pay = 32'h0f1e_2d3c;

  function [31:0] xorshift;
    input [31:0] x;
    reg [31:0] y;
    begin
      y = x ^ (x << 13);
      y = y ^ (y >> 17);
      xorshift = y ^ (y << 5);
    end
  endfunction

  // corruption kinds
  localparam C_NONE = 0, C_PAYBIT = 1, C_ICRC = 2, C_UDPPORT = 3, C_DMAC = 4, C_DIP = 5,
             C_TRUNC = 6, C_ETYPE = 7, C_TTL = 8;

  task add_frame;
    input integer vi;
    input integer kind;
    integer b, hl, pad, fl, fw, pl;
    begin
      fl = m_frame_len(vi);
      fw = m_frame_word(vi);
      pl = m_len(vi);
      s_start[n_stim] = sbuf_used;
      s_len[n_stim] = fl;
      s_mac[n_stim] = m_dmac(vi);
      s_ip[n_stim] = m_dip(vi);
      for (b = 0; b < fl; b = b + 1) sbuf[sbuf_used + b] = vec_byte(fw, b);
      pad = (vec_byte(fw, 43) >> 4) & 3;
      hl = fl - 4 - pad - pl;
      case (kind)
        C_PAYBIT:  sbuf[sbuf_used + hl + pl / 2] = sbuf[sbuf_used + hl + pl / 2] ^ 8'h10;
        C_ICRC:    sbuf[sbuf_used + fl - 1] = sbuf[sbuf_used + fl - 1] ^ 8'h80;
        C_UDPPORT: sbuf[sbuf_used + 37] = sbuf[sbuf_used + 37] ^ 8'h01;
        C_DMAC:    sbuf[sbuf_used + 5] = sbuf[sbuf_used + 5] ^ 8'h01;
        C_DIP:     s_ip[n_stim] = m_dip(vi) ^ 32'h1;
        C_TRUNC:   s_len[n_stim] = fl - 7;
        C_ETYPE:   sbuf[sbuf_used + 12] = 8'h86;
        C_TTL:     sbuf[sbuf_used + 22] = sbuf[sbuf_used + 22] ^ 8'h01;
        default: ;
      endcase
      sbuf_used = sbuf_used + fl;
      n_stim = n_stim + 1;
      if (kind == C_NONE) begin
        exp_meta[n_exp] = vi;
        n_exp = n_exp + 1;
      end else if (kind == C_PAYBIT || kind == C_ICRC) begin
        exp_icrc = exp_icrc + 1;
      end else begin
        exp_bad = exp_bad + 1;
      end
    end
  endtask

  // driver: sends stimulus frames drv_next..drv_stop-1. It changes inputs
  // only at falling edges and samples ready there (ready depends on registers
  // only), so a beat seen ready is taken at the next rising edge; this keeps
  // Icarus and Verilator (whose timed processes may run before the design's
  // clocked blocks) in step.
  integer drv_next = 0, drv_stop = 0;
  integer d_off, d_l;
  reg [DATA_W-1:0] d_data;
  reg [KEEP_W-1:0] d_keep;
  initial begin : driver
    wait (!rst);
    @(negedge clk);
    forever begin
      if (drv_next < drv_stop) begin
        // a new destination address: let every frame sent so far have its
        // verdict first (its header out or its drop counted; a fixed wait
        // is not enough: a frame's last beat stays in the ICRC pipeline
        // while the next frame waits for room)
        if (cfg_mac != s_mac[drv_next] || cfg_ip != s_ip[drv_next]) begin
          while (hdr_seen + got_icrc + got_bad < drv_next) @(negedge clk);
          cfg_mac = s_mac[drv_next];
          cfg_ip = s_ip[drv_next];
          @(negedge clk);
        end
        d_off = 0;
        while (d_off < s_len[drv_next]) begin
          if (rand_mode) begin
            rng_drv = xorshift(rng_drv);
            while (rng_drv[2:0] == 3'd0) begin
              rx_tvalid = 1'b0;
              @(negedge clk);
              rng_drv = xorshift(rng_drv);
            end
          end
          for (d_l = 0; d_l < KEEP_W; d_l = d_l + 1) begin
            d_data[8*d_l +: 8] = (d_off + d_l < s_len[drv_next]) ? sbuf[s_start[drv_next] + d_off + d_l] : 8'h00;
            d_keep[d_l] = d_off + d_l < s_len[drv_next];
          end
          rx_tdata = d_data;
          rx_tkeep = d_keep;
          rx_tlast = d_off + KEEP_W >= s_len[drv_next];
          rx_tvalid = 1'b1;
          while (!rx_tready) @(negedge clk);
          @(negedge clk);
          d_off = d_off + KEEP_W;
        end
        rx_tvalid = 1'b0;
        rx_tlast = 1'b0;
        drv_next = drv_next + 1;
      end else begin
        @(negedge clk);
      end
    end
  end

  // header monitor
  always @(posedge clk) begin
    if (!rst) begin
      if (hdr_valid && hdr_ready) begin
        if (hdr_seen >= n_exp) begin
          $display("ERROR: unexpected header, opcode %02x psn %06x", h_opcode, h_psn);
          errors = errors + 1;
        end else begin
          unpack(exp_meta[hdr_seen]);
          if (h_opcode !== v_opcode || h_se !== v_se || h_mig !== v_mig || h_ackreq !== v_ackreq ||
              h_pkey !== v_pkey || h_dqpn !== v_dqpn || h_psn !== v_psn || h_dmac !== v_dmac ||
              h_smac !== v_smac || h_dip !== v_dip || h_sip !== v_sip || h_ip_id !== v_ip_id ||
              h_ttl !== v_ttl || h_tos !== v_tos || h_sport !== v_sport ||
              h_reth_va !== v_reth_va || h_reth_rkey !== v_reth_rkey || h_reth_len !== v_reth_len ||
              h_aeth !== v_aeth || h_imm !== v_imm || h_deth_qkey !== v_deth_qkey ||
              h_deth_sqpn !== v_deth_sqpn || h_atomic_va !== v_atomic_va ||
              h_atomic_rkey !== v_atomic_rkey || h_atomic_swap !== v_atomic_swap ||
              h_atomic_cmp !== v_atomic_cmp || h_atomic_ack !== v_atomic_ack || h_len !== v_len) begin
            $display("ERROR: header %0d (vector %0d, opcode %02x): field mismatch, got opcode %02x psn %06x len %0d, expected psn %06x len %0d",
                     hdr_seen, exp_meta[hdr_seen], v_opcode, h_opcode, h_psn, h_len, v_psn, v_len);
            errors = errors + 1;
          end
        end
        hdr_seen = hdr_seen + 1;
      end
      rng_hdr = xorshift(rng_hdr);
      hdr_ready <= rand_mode ? rng_hdr[1:0] != 2'd0 : 1'b1;
    end
  end

  // payload monitor
  integer p_beat = 0, p_l, p_idx, p_len, p_word;
  always @(posedge clk) begin
    if (!rst) begin
      // frames without payload have no beats
      while (pay_seen < n_exp && m_len(exp_meta[pay_seen]) == 0) pay_seen = pay_seen + 1;
      if (pay_tvalid && pay_tready) begin
        if (pay_seen >= n_exp) begin
          $display("ERROR: unexpected payload beat");
          errors = errors + 1;
        end else begin
          p_len = m_len(exp_meta[pay_seen]);
          p_word = m_pay_word(exp_meta[pay_seen]);
          for (p_l = 0; p_l < KEEP_W; p_l = p_l + 1) begin
            p_idx = p_beat * KEEP_W + p_l;
            if (pay_tkeep[p_l] !== (p_idx < p_len) ||
                (p_idx < p_len && pay_tdata[8*p_l +: 8] !== pay_byte(p_word, p_idx))) begin
              $display("ERROR: payload %0d (vector %0d) byte %0d: keep %b data %02x, expected %02x",
                       pay_seen, exp_meta[pay_seen], p_idx, pay_tkeep[p_l], pay_tdata[8*p_l +: 8],
                       pay_byte(p_word, p_idx));
              errors = errors + 1;
            end
          end
          if (pay_tlast !== ((p_beat + 1) * KEEP_W >= p_len)) begin
            $display("ERROR: payload %0d: tlast %b on beat %0d of %0d bytes", pay_seen, pay_tlast, p_beat, p_len);
            errors = errors + 1;
          end
          if (pay_tlast) begin
            p_beat = 0;
            pay_seen = pay_seen + 1;
          end else begin
            p_beat = p_beat + 1;
          end
        end
      end
      rng_pay = xorshift(rng_pay);
      pay_tready <= rand_mode ? rng_pay[1:0] != 2'd0 : 1'b1;
    end
  end

  // stat counters
  always @(posedge clk) begin
    if (!rst) begin
      if (stat_icrc_err) got_icrc = got_icrc + 1;
      if (stat_bad_hdr) got_bad = got_bad + 1;
      if (stat_icrc_err && stat_bad_hdr) begin
        $display("ERROR: both stat pulses for one frame");
        errors = errors + 1;
      end
    end
  end

  // run stimulus [first, n_stim) and wait for every expected frame
  integer full_cycles;
  task run_phase;
    input [8*24-1:0] name;
    integer t;
    begin
      full_cycles = 0;
      drv_stop = n_stim;
      t = 0;
      while ((drv_next < drv_stop || hdr_seen < n_exp || pay_seen < n_exp) && t < 2000000) begin
        @(posedge clk);
        t = t + 1;
      end
      repeat (50) @(posedge clk);
      if (t >= 2000000) begin
        $display("ERROR: %0s: timeout, sent %0d/%0d, headers %0d payloads %0d of %0d",
                 name, drv_next, n_stim, hdr_seen, pay_seen, n_exp);
        errors = errors + 1;
      end else begin
        $display("%0s: %0d frames in %0d cycles, %0d good out, icrc drops %0d, header drops %0d",
                 name, n_stim, t, hdr_seen, got_icrc, got_bad);
      end
    end
  endtask

  integer i, k, first_phase2, kinds;
  initial begin
    $readmemh("vectors/frames.hex", frames_mem);
    $readmemh("vectors/payload.hex", pay_mem);
    $readmemh("vectors/meta.hex", meta_mem);
    n_vec = 0;
    for (i = 0; i < MAX_VEC; i = i + 1)
      if (m_frame_len(i) != 0 && n_vec == i) n_vec = i + 1;
    if (n_vec < 100) begin
      $display("ERROR: only %0d vectors loaded", n_vec);
      errors = errors + 1;
    end
    repeat (5) @(posedge clk);
    rst <= 1'b0;
    @(posedge clk);

    // 1: every vector at full rate
    for (i = 0; i < n_vec; i = i + 1) add_frame(i, C_NONE);
    run_phase("full rate");

    // 2: with gaps and back-pressure
    rand_mode = 1'b1;
    for (i = 0; i < n_vec; i = i + 1) add_frame(i, C_NONE);
    run_phase("gaps and back-pressure");

    // 3: corrupted copies between good frames
    kinds = 0;
    for (i = 0; i < n_vec; i = i + 7) begin
      for (k = C_PAYBIT; k <= C_TTL; k = k + 1) begin
        if (k != C_PAYBIT || m_len(i) != 0) begin
          add_frame(i, k);
          add_frame((i + k) % n_vec, C_NONE);
          kinds = kinds + 1;
        end
      end
    end
    run_phase("corrupted frames");

    if (got_icrc != exp_icrc || got_bad != exp_bad) begin
      $display("ERROR: drops counted icrc %0d header %0d, expected %0d and %0d",
               got_icrc, got_bad, exp_icrc, exp_bad);
      errors = errors + 1;
    end
    if (hdr_seen != n_exp || pay_seen != n_exp || hdr_valid || pay_tvalid) begin
      $display("ERROR: %0d headers and %0d payloads out, %0d expected", hdr_seen, pay_seen, n_exp);
      errors = errors + 1;
    end
    if (errors == 0)
      $display("tb_parser DATA_W=%0d: %0d vectors, %0d good frames checked, %0d corrupted dropped: PASS",
               DATA_W, n_vec, n_exp, exp_icrc + exp_bad);
    else
      $display("tb_parser DATA_W=%0d: %0d errors: FAIL", DATA_W, errors);
    $finish;
  end

endmodule

`default_nettype wire
