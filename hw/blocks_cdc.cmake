# Clock-domain crossing: the asynchronous AXI-Stream FIFO between the
# Ethernet MAC clock and the core clock (docs/clocking.md).
rnic_rtl_lint(rnic_async_fifo)
rnic_rtl_tb(tb_async_fifo)

# The frame modes linted too (rnic_rtl_lint sees the default parameters
# only): transmit (FRAME_MODE), receive (DROP_WHEN_FULL with FRAME_MODE) and
# DROP_WHEN_FULL alone, at a board's depth and largest frame.
function(rnic_async_fifo_lint_variant name)
  set(params)
  foreach(p ${ARGN})
    list(APPEND params -G${p})
  endforeach()
  add_test(NAME rtl_lint_rnic_async_fifo_${name}
           COMMAND ${VERILATOR} --lint-only -Wall ${params} -I${RNIC_RTL_INC}
                   -y ${RNIC_RTL_DIR} --top-module rnic_async_fifo
                   ${RNIC_RTL_DIR}/rnic_async_fifo.v)
endfunction()

rnic_async_fifo_lint_variant(tx FRAME_MODE=1 LOG_DEPTH=9 MAX_FRAME_BEATS=66)
rnic_async_fifo_lint_variant(rx FRAME_MODE=1 DROP_WHEN_FULL=1 LOG_DEPTH=9 MAX_FRAME_BEATS=66)
rnic_async_fifo_lint_variant(drop DROP_WHEN_FULL=1 LOG_DEPTH=7 MAX_FRAME_BEATS=66)

# The same testbench with other parameters, on Icarus only: w512 at the real
# datapath width (fewer frames), shallow with 4 beats and three synchronizer
# stages (full nearly all the time, below full rate). Both run the frame-mode
# tests as well, shallow with frames of at most 4 beats.
function(rnic_async_fifo_tb_variant name)
  set(params)
  foreach(p ${ARGN})
    list(APPEND params -Ptb_async_fifo.${p})
  endforeach()
  set(ivl_out ${CMAKE_CURRENT_BINARY_DIR}/tb_async_fifo_${name}.vvp)
  add_custom_command(OUTPUT ${ivl_out}
    COMMAND ${IVERILOG} -g2005 -Wall -Wno-timescale ${params} -I${RNIC_RTL_INC}
            -y ${RNIC_RTL_DIR} -y ${RNIC_TB_DIR} -s tb_async_fifo -o ${ivl_out}
            ${RNIC_TB_DIR}/tb_async_fifo.v
    DEPENDS ${RNIC_TB_DIR}/tb_async_fifo.v ${RNIC_RTL_SOURCES} ${RNIC_RTL_HEADERS}
    COMMENT "Icarus: tb_async_fifo ${name}")
  add_custom_target(tb_async_fifo_${name} ALL DEPENDS ${ivl_out})
  add_test(NAME tb_async_fifo_icarus_${name} COMMAND ${VVP} -n ${ivl_out}
           WORKING_DIRECTORY ${RNIC_TB_DIR})
  set_tests_properties(tb_async_fifo_icarus_${name} PROPERTIES
    PASS_REGULAR_EXPRESSION "PASS" FAIL_REGULAR_EXPRESSION "FAIL;ERROR;%Error" TIMEOUT 600)
endfunction()

rnic_async_fifo_tb_variant(w512 DATA_W=512 FRAMES=300)
rnic_async_fifo_tb_variant(shallow LOG_DEPTH=2 SYNC_STAGES=3 FRAMES=1000)
# The two MAC crossings as one block (rnic_mac_cdc); the board top: rnic_top in
# the core clock, the crossings, no simulation-only ports (docs/board.md); the
# simulation top the co-simulator runs: the same with the simulator's ports.
rnic_rtl_lint(rnic_mac_cdc)
rnic_rtl_lint(rnic_board)
rnic_rtl_lint(rnic_sim_top)
