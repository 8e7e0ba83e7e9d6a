# Synthesis as a test (scripts/synth.py, yosys synth_xilinx for UltraScale+):
# the checker's own self-test, and the blocks that are within the logic-depth
# budget, each synthesized on its own: no latch, no combinational loop, no
# memory of 4 Kbit or more in flip-flops or read without a register, no path
# deeper than 8 LUT levels; large memories may map to URAM (-uram), as the
# per-QP tables must at 16,384 QPs. The per-QP blocks are also synthesized
# at 16,384 QPs, all but the requester at 4,096 too (`make synth` does the
# requester at both).
# Every block rnic_top instantiates is here (`make synth` runs the same list
# and writes docs/synthesis.md). Then the board top with those blocks as
# black boxes, its paths traced through their netlists: a loop, a latch, a
# block without its run or a path deeper than the budget across blocks
# fails.
find_program(YOSYS yosys REQUIRED)
add_test(NAME synth_selftest
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/synth/test_synth.py)
set_tests_properties(synth_selftest PROPERTIES TIMEOUT 900)
set(RNIC_SYNTH_IN_BUDGET
  rnic_req:DATA_W=512 rnic_req:DATA_W=512,QPN_W=14   # the longest first: they run beside the others
  rnic_crc32:DATA_W=512 rnic_crc32:DATA_W=64
  rnic_async_fifo:DATA_W=512,LOG_DEPTH=9,FRAME_MODE=1,MAX_FRAME_BEATS=66
  rnic_async_fifo:DATA_W=512,LOG_DEPTH=9,FRAME_MODE=1,DROP_WHEN_FULL=1,MAX_FRAME_BEATS=66
  rnic_async_fifo:DATA_W=64,LOG_DEPTH=6
  rnic_mac_cdc:DATA_W=512,MAC_LOG_DEPTH=9 rnic_doorbell rnic_doorbell:LOG_QPS=12 rnic_doorbell:LOG_QPS=14
  rnic_wqe_fetch:DATA_W=512 rnic_wqe_fetch:DATA_W=512,LOG_QPS=12 rnic_wqe_fetch:DATA_W=512,LOG_QPS=14
  rnic_mpt_shadow rnic_csr:STATS=48
  rnic_framer:DATA_W=512 rnic_repack:DATA_W=512 rnic_cqe_writer:DATA_W=512
  rnic_gsi:DATA_W=512 rnic_tx_arb:DATA_W=512
  rnic_fifo rnic_arb rnic_axis_reg:DATA_W=512 rnic_evq:NSRC=7,EW=64
  rnic_dma_rd_align:DATA_W=512 rnic_resp_rec:DATA_W=512 rnic_resp_atomic:DATA_W=512
  rnic_resp_grh:DATA_W=512 rnic_resp_wqe rnic_resp_pi rnic_resp_decide rnic_resp_hdr rnic_mw_entry rnic_key_check
  rnic_req_timer rnic_req_cmpl rnic_qp_val rnic_req_scatter:DATA_W=512
  rnic_req_gather:DATA_W=512
  rnic_dma:RD_PORTS=3,WR_PORTS=3,DATA_W=512,RD_FIFO_DEPTH=128
  rnic_raw_tx:DATA_W=512
  rnic_raw_rx:DATA_W=512 rnic_parser:DATA_W=512
  rnic_resp:DATA_W=512 rnic_resp:DATA_W=512,LOG_QPS=12 rnic_resp:DATA_W=512,LOG_QPS=14)
set(synth_args)
foreach(m ${RNIC_SYNTH_IN_BUDGET})
  list(APPEND synth_args --module ${m})
endforeach()
add_test(NAME synth_blocks_in_budget
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/synth.py ${synth_args}
          --max-lut-levels 8 --uram --timeout 900 --jobs 2 --json-dir ${CMAKE_CURRENT_BINARY_DIR}/synth
          --board rnic_board:DATA_W=512
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(synth_blocks_in_budget PROPERTIES TIMEOUT 1800)
