# Top-level entry points. CMake does the real work; this file installs what is
# missing, configures the build tree and runs the two jobs the README names.
BUILD ?= build
CMAKE_FLAGS ?= -DCMAKE_BUILD_TYPE=RelWithDebInfo
JOBS ?= 2

.PHONY: all deps configure build test demo generate check-generated clean

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

check-generated:
	@python3 scripts/gen_contract.py --check

clean:
	@rm -rf $(BUILD)
