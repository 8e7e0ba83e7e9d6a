# Network path: CRC-32, RoCEv2 framer and parser, the raw receive and transmit
# paths, and the independent ICRC checker.
rnic_rtl_lint(rnic_crc32)
rnic_rtl_tb(tb_crc32)
# a packed beat's byte count (parser, raw receive, repacker)
rnic_rtl_lint(rnic_keep_count)
rnic_rtl_tb(tb_keep_count)
rnic_rtl_lint(rnic_framer)
rnic_rtl_lint(rnic_parser)
rnic_rtl_tb(tb_framer)
rnic_rtl_tb(tb_parser)
# RAW_PACKET receive: flow rules, the frame RAM and its output
rnic_rtl_lint(rnic_raw_rx)
rnic_rtl_tb(tb_raw_rx)
# RAW_PACKET transmit offload: IPv4 / TCP / UDP checksums and TSO segments
rnic_rtl_lint(rnic_raw_tx)
rnic_rtl_tb(tb_raw_tx)
# GSI (QP1) mailbox: MADs between the wire and the firmware's registers
rnic_rtl_lint(rnic_gsi)
rnic_rtl_tb(tb_gsi)

# The same testbenches with a 64-bit datapath (headers spread over many beats),
# on Icarus only.
foreach(tb tb_framer tb_parser tb_raw_rx tb_raw_tx tb_gsi tb_repack)
  set(ivl_w64 ${CMAKE_CURRENT_BINARY_DIR}/${tb}_w64.vvp)
  add_custom_command(OUTPUT ${ivl_w64}
    COMMAND ${IVERILOG} -g2005 -Wall -Wno-timescale -P${tb}.DATA_W=64 -I${RNIC_RTL_INC} -I${RNIC_TB_DIR}
            -y ${RNIC_RTL_DIR} -y ${RNIC_TB_DIR} -s ${tb} -o ${ivl_w64} ${RNIC_TB_DIR}/${tb}.v
    DEPENDS ${RNIC_TB_DIR}/${tb}.v ${RNIC_RTL_SOURCES} ${RNIC_RTL_HEADERS} ${RNIC_TB_HEADERS}
    COMMENT "Icarus: ${tb} DATA_W=64")
  add_custom_target(${tb}_w64 ALL DEPENDS ${ivl_w64})
  add_test(NAME ${tb}_icarus_w64 COMMAND ${VVP} -n ${ivl_w64} WORKING_DIRECTORY ${RNIC_TB_DIR})
  set_tests_properties(${tb}_icarus_w64 PROPERTIES
    PASS_REGULAR_EXPRESSION "PASS" FAIL_REGULAR_EXPRESSION "FAIL;ERROR;%Error" TIMEOUT 900)
endforeach()

# hw/tb/vectors/ is what scripts/pcap_vectors.py makes of the capture.
set(RNIC_RXE_PCAP ${CMAKE_SOURCE_DIR}/tests/vectors/rxe-rocev2.pcap)
add_test(NAME pcap_vectors_fresh
  COMMAND sh -c "${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/pcap_vectors.py ${RNIC_RXE_PCAP} --out ${CMAKE_CURRENT_BINARY_DIR}/vectors && diff -r ${CMAKE_CURRENT_BINARY_DIR}/vectors ${RNIC_TB_DIR}/vectors")

# roce_check accepts every Soft-RoCE frame ...
add_test(NAME roce_check_rxe_accepts
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/tools/roce_check.py ${RNIC_RXE_PCAP})
set_tests_properties(roce_check_rxe_accepts PROPERTIES
  PASS_REGULAR_EXPRESSION "roce_check: 1204 frames, 1204 ICRC ok, 0 bad")
# ... and rejects a copy with one payload byte inverted (exit status non-zero,
# exactly that frame counted bad).
add_test(NAME roce_check_rejects_corrupt_byte
  COMMAND sh -c "${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/tools/roce_check.py ${RNIC_RXE_PCAP} --corrupt 100 --write ${CMAKE_CURRENT_BINARY_DIR}/rxe-corrupt.pcap && ! ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tests/tools/roce_check.py ${CMAKE_CURRENT_BINARY_DIR}/rxe-corrupt.pcap && echo rejected")
set_tests_properties(roce_check_rejects_corrupt_byte PROPERTIES
  PASS_REGULAR_EXPRESSION "roce_check: 1204 frames, 1203 ICRC ok, 1 bad\nrejected")
