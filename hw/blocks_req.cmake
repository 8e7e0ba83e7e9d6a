# Requester path: stream repacker, send engine (its retransmission timers
# rnic_req_timer), TX arbiter.
rnic_rtl_lint(rnic_repack)
rnic_rtl_lint(rnic_req)
rnic_rtl_lint(rnic_req_timer)
rnic_rtl_lint(rnic_mw_entry)
rnic_rtl_lint(rnic_mpt_shadow)
rnic_rtl_lint(rnic_key_check)
rnic_rtl_lint(rnic_tx_arb)
rnic_rtl_tb(tb_repack)
rnic_rtl_tb(tb_req)
rnic_rtl_tb(tb_req_timer)
rnic_rtl_tb(tb_key_check)
