# Top-level entry points. CMake does the real work; this file installs what is
# missing, configures the build tree and runs the two jobs the README names.
BUILD ?= build
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= 2

.PHONY: all deps configure build test demo generate check-generated synth synth-w64 clean

all: build

deps:
	@scripts/setup.sh

configure: deps
	@cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j$(JOBS)

# Every test: generated-file freshness, C unit tests, RTL testbenches on both
# simulators, the firmware's Cortex-M4 build and the co-simulation tests.
test: build check-generated
	@cd $(BUILD) && ctest --output-on-failure -j1

demo: build
	@scripts/demo.sh $(BUILD)

# Regenerate the C headers, the Verilog include and the Markdown tables from
# include/rnic.toml (the single source of truth for shared layouts).
generate:
	@python3 scripts/gen_contract.py --write
	@python3 scripts/gen_crc32.py --write

check-generated:
	@python3 scripts/gen_contract.py --check
	@python3 scripts/gen_crc32.py --check

# Synthesis check (scripts/synth.py): each block rnic_top instantiates,
# synthesized on its own for UltraScale+ by yosys, must map (block RAM,
# URAM or LUTRAM for tables, read through a register from 4 Kbit on, no
# latches, no loops) and keep every path within SYNTH_LUT_LEVELS LUT levels;
# writes docs/synthesis.md (SYNTH_DOC= to skip). Parameters are rnic_top's
# where they differ from the block's default, DATA_W for all; the per-QP
# blocks that scale also at 4,096 and 16,384 QPs (LOG_QPS 12, 14). The whole
# list takes about 20 minutes on 2 cores: pick blocks with
# SYNTH_MODULES="rnic_fifo rnic_crc32:DATA_W=64"; blocks not yet within
# budget go in SYNTH_REPORT_ONLY (reported, not failed).
SYNTH_MODULES ?= rnic_csr:STATS=48 rnic_doorbell rnic_doorbell:LOG_QPS=12 rnic_doorbell:LOG_QPS=14 \
                 rnic_wqe_fetch rnic_wqe_fetch:LOG_QPS=12 rnic_wqe_fetch:LOG_QPS=14 rnic_raw_tx \
                 rnic_axis_reg rnic_parser rnic_raw_rx rnic_resp rnic_resp:LOG_QPS=12 \
                 rnic_resp:LOG_QPS=14 rnic_gsi rnic_tx_arb \
                 rnic_framer rnic_cqe_writer rnic_dma:RD_PORTS=3,WR_PORTS=3,RD_FIFO_DEPTH=128 \
                 rnic_evq:NSRC=7,EW=64 rnic_repack rnic_crc32 rnic_mac_cdc:MAC_LOG_DEPTH=9 \
                 rnic_async_fifo:LOG_DEPTH=9,FRAME_MODE=1,MAX_FRAME_BEATS=66 \
                 rnic_async_fifo:LOG_DEPTH=9,FRAME_MODE=1,DROP_WHEN_FULL=1,MAX_FRAME_BEATS=66 \
                 rnic_fifo rnic_arb rnic_dma_rd_align rnic_resp_rec rnic_resp_atomic rnic_resp_grh rnic_resp_wqe rnic_resp_pi rnic_resp_decide rnic_resp_hdr \
                 rnic_mw_entry rnic_key_check \
                 rnic_mpt_shadow rnic_req rnic_req:QPN_W=12 rnic_req:QPN_W=14 rnic_req_timer rnic_req_cmpl rnic_qp_val \
                 rnic_req_scatter rnic_req_gather
SYNTH_REPORT_ONLY ?=
# The board top, its blocks (the list above) as black boxes, every path
# traced across them (docs/synthesis.md, "rnic_board"): a path deeper than
# the budget across blocks, a loop, a latch or a block without a matching
# run fails (SYNTH_BOARD_ARGS=--board-depth-report-only reports the depth
# instead of failing it).
SYNTH_BOARD ?= rnic_board
SYNTH_BOARD_ARGS ?=
SYNTH_DATA_W ?= 512
SYNTH_LUT_LEVELS ?= 8
SYNTH_JOBS ?= 1
SYNTH_TIMEOUT ?= 7200
SYNTH_DOC ?= docs/synthesis.md
SYNTH_ARGS ?=

synth: deps
	@python3 scripts/synth.py $(addprefix --module ,$(SYNTH_MODULES)) \
		$(addprefix --report-only-module ,$(SYNTH_REPORT_ONLY)) \
		--param DATA_W=$(SYNTH_DATA_W) --max-lut-levels $(SYNTH_LUT_LEVELS) --uram \
		--jobs $(SYNTH_JOBS) --timeout $(SYNTH_TIMEOUT) --json-dir $(BUILD)/synth \
		$(if $(SYNTH_BOARD),--board $(SYNTH_BOARD) $(SYNTH_BOARD_ARGS)) \
		$(if $(SYNTH_DOC),--write-doc $(SYNTH_DOC)) $(SYNTH_ARGS)

# The same blocks at DATA_W 64 (a 10/25G board), into docs/synthesis-w64.md,
# with the parameters the board gives them there (the register block's DMA
# width, the DMA read buffer, the MAC crossings' depth). A parameter the
# board sets and whose default is derived from others (the DMA read buffer,
# the MAC crossings' depth) is set in the block's run too: synth.py matches
# an instance to a run only when both elaborate the block alike.
comma := ,
SYNTH_W64_MODULES ?= $(patsubst rnic_csr:STATS=48,rnic_csr:STATS=48$(comma)DMA_BITS=64,\
	$(patsubst %RD_FIFO_DEPTH=128,%RD_FIFO_DEPTH=512,\
	$(patsubst rnic_mac_cdc:MAC_LOG_DEPTH=9,rnic_mac_cdc:MAC_LOG_DEPTH=11,$(SYNTH_MODULES))))
synth-w64:
	@$(MAKE) --no-print-directory synth SYNTH_DATA_W=64 SYNTH_DOC=docs/synthesis-w64.md \
		SYNTH_MODULES="$(SYNTH_W64_MODULES)" SYNTH_ARGS="--json-dir $(BUILD)/synth-w64 $(SYNTH_ARGS)"

clean:
	@rm -rf $(BUILD)
