# The NIC top level: lint with every block below it.
rnic_rtl_lint(rnic_top)
