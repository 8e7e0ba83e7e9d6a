# Responder (receive engine): lint and self-checking testbench.
rnic_rtl_lint(rnic_resp)
rnic_rtl_lint(rnic_resp_rec)
rnic_rtl_tb(tb_resp)
rnic_rtl_lint(rnic_rd_resp)
rnic_rtl_tb(tb_rd_resp)
