# One line per block: rnic_rtl_lint(<module>) and rnic_rtl_tb(<tb>).
