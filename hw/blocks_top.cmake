# The NIC top level: lint with every block below it.
rnic_rtl_lint(rnic_top)
rnic_rtl_lint(rnic_axis_reg)
rnic_rtl_lint(rnic_skid)
rnic_rtl_tb(tb_axis_reg)
# The reset sweep of every block with context tables, through rnic_top.
rnic_rtl_tb(tb_reset_sweep)
