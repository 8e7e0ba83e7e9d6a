// Host memory behind PCIe, as the NIC's AXI4 master sees it.
//
// The model is an AXI4 slave with a fixed round-trip latency (default 500 ns)
// and a bandwidth ceiling; the bytes themselves live in the client process
// and are reached through the vfio-user server's DMA accessors, which refuse
// anything outside the windows the client mapped. A refused access answers
// SLVERR and is counted; it never touches memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include "sim_signals.h"

struct rnic_vfu;

struct HostMemConfig {
	unsigned read_latency_cycles = 125;  // 500 ns at 250 MHz: request to first data
	unsigned write_latency_cycles = 32;  // last data to write response
	double bytes_per_cycle = 63.0;       // PCIe Gen4 x16 payload rate at 250 MHz
	unsigned max_reads = 64;             // read bursts accepted and not yet answered
};

struct HostMemStats {
	uint64_t rd_bursts = 0, wr_bursts = 0, rd_bytes = 0, wr_bytes = 0;
	uint64_t rd_faults = 0, wr_faults = 0;
};

class HostMem {
public:
	HostMem(AxiMasterSignals sig, rnic_vfu *vfu, const HostMemConfig &cfg);
	// The client memory behind the model (none until a server exists: every
	// access then answers SLVERR).
	void set_vfu(rnic_vfu *vfu) { vfu_ = vfu; }
	// Before the rising edge: take the transfers the current signals make.
	void sample(uint64_t now);
	// After the falling edge: drive the slave outputs for the next cycle.
	void drive(uint64_t now);
	// Called after every byte run written into client memory (iova, length).
	void set_write_hook(void (*fn)(void *, uint64_t, size_t), void *ctx)
	{
		hook_ = fn;
		hook_ctx_ = ctx;
	}
	// Transactions accepted and not finished.
	bool busy() const { return !reads_.empty() || !writes_.empty() || !resps_.empty(); }
	const HostMemStats &stats() const { return st_; }

private:
	struct Read {
		uint64_t ready_at;
		uint32_t id;
		unsigned beats, next;
		bool err;
		std::vector<uint8_t> data;
	};
	struct Write {
		uint32_t id;
		uint64_t addr;  // address of beat 0, aligned to the bus width
		unsigned beats, next;
		bool err;
	};
	struct Resp {
		uint64_t ready_at;
		uint32_t id;
		bool err;
	};
	void flush_run(Write &w);

	AxiMasterSignals s_;
	rnic_vfu *vfu_;
	void (*hook_)(void *, uint64_t, size_t) = nullptr;
	void *hook_ctx_ = nullptr;
	HostMemConfig cfg_;
	HostMemStats st_;
	std::deque<Read> reads_;
	std::deque<Write> writes_;
	std::deque<Resp> resps_;
	double credit_ = 0;        // bandwidth tokens (bytes)
	bool r_offered_ = false;   // a read beat is on the bus, not yet taken
	// Coalesced write run: consecutive strobed bytes written in one access.
	uint64_t run_addr_ = 0;
	std::vector<uint8_t> run_;
};
