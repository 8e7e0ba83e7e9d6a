# Responder (receive engine): lint and self-checking testbench.
rnic_rtl_lint(rnic_resp)
rnic_rtl_lint(rnic_resp_rec)
rnic_rtl_lint(rnic_resp_atomic)
rnic_rtl_lint(rnic_resp_grh)
rnic_rtl_lint(rnic_resp_wqe)
rnic_rtl_lint(rnic_resp_pi)
rnic_rtl_lint(rnic_resp_decide)
rnic_rtl_lint(rnic_resp_hdr)
rnic_rtl_tb(tb_resp_atomic)
rnic_rtl_tb(tb_resp_wqe)
rnic_rtl_tb(tb_resp_pi)
rnic_rtl_tb(tb_resp_decide)
rnic_rtl_tb(tb_resp_hdr)
rnic_rtl_tb(tb_resp)
rnic_rtl_lint(rnic_rd_resp)
rnic_rtl_tb(tb_rd_resp)
# tb_resp with a 64-bit datapath (the UD GRH spans 5 beats), on Icarus only.
set(ivl_w64 ${CMAKE_CURRENT_BINARY_DIR}/tb_resp_w64.vvp)
add_custom_command(OUTPUT ${ivl_w64}
  COMMAND ${IVERILOG} -g2005 -Wall -Wno-timescale -Ptb_resp.DATA_W=64 -I${RNIC_RTL_INC}
          -y ${RNIC_RTL_DIR} -y ${RNIC_TB_DIR} -s tb_resp -o ${ivl_w64} ${RNIC_TB_DIR}/tb_resp.v
  DEPENDS ${RNIC_TB_DIR}/tb_resp.v ${RNIC_RTL_SOURCES} ${RNIC_RTL_HEADERS}
  COMMENT "Icarus: tb_resp DATA_W=64")
add_custom_target(tb_resp_w64 ALL DEPENDS ${ivl_w64})
add_test(NAME tb_resp_icarus_w64 COMMAND ${VVP} -n ${ivl_w64} WORKING_DIRECTORY ${RNIC_TB_DIR})
set_tests_properties(tb_resp_icarus_w64 PROPERTIES
  PASS_REGULAR_EXPRESSION "PASS" FAIL_REGULAR_EXPRESSION "FAIL;ERROR;%Error" TIMEOUT 900)
