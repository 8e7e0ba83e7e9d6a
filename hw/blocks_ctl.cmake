# Control blocks: registers (rnic_csr), doorbells and QP scheduler
# (rnic_doorbell), WQE fetch engine (rnic_wqe_fetch).
rnic_rtl_lint(rnic_csr)
rnic_rtl_lint(rnic_doorbell)
rnic_rtl_lint(rnic_wqe_fetch)
rnic_rtl_tb(tb_csr)
rnic_rtl_tb(tb_doorbell)
rnic_rtl_tb(tb_doorbell_fetch)
rnic_rtl_tb(tb_wqe_fetch)
rnic_rtl_lint(rnic_evq)
rnic_rtl_tb(tb_evq)
