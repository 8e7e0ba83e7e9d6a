#include "sim_hostmem.h"

#include <cstring>

extern "C" {
#include "rnic_vfu.h"
}

HostMem::HostMem(AxiMasterSignals sig, rnic_vfu *vfu, const HostMemConfig &cfg)
	: s_(sig), vfu_(vfu), cfg_(cfg)
{
	run_.reserve(4096 + 64);
}

// Write the pending run of strobed bytes to the client in one access.
void HostMem::flush_run(Write &w)
{
	if (run_.empty())
		return;
	if (!vfu_ || rnic_vfu_dma_write(vfu_, run_addr_, run_.data(), run_.size()) != 0) {
		w.err = true;
		st_.wr_faults++;
	} else {
		st_.wr_bytes += run_.size();
		if (hook_)
			hook_(hook_ctx_, run_addr_, run_.size());
	}
	run_.clear();
}

void HostMem::sample(uint64_t now)
{
	const unsigned nb = s_.data_bytes;

	// AR: a burst is read from the client when accepted (the bytes are
	// sampled at request time; the data returns after the latency).
	if (*s_.arvalid && *s_.arready) {
		Read r;
		r.id = *s_.arid;
		r.beats = unsigned(*s_.arlen) + 1;
		r.next = 0;
		r.ready_at = now + cfg_.read_latency_cycles;
		uint64_t base = *s_.araddr & ~uint64_t(nb - 1);
		r.data.resize(size_t(r.beats) * nb);
		r.err = !vfu_ || rnic_vfu_dma_read(vfu_, base, r.data.data(), r.data.size()) != 0;
		if (r.err) {
			std::memset(r.data.data(), 0, r.data.size());
			st_.rd_faults++;
		} else {
			st_.rd_bytes += r.data.size();
		}
		st_.rd_bursts++;
		reads_.push_back(std::move(r));
	}
	// R: the beat on the bus was taken.
	if (*s_.rvalid && *s_.rready) {
		Read &r = reads_.front();
		r_offered_ = false;
		if (++r.next == r.beats)
			reads_.pop_front();
	}
	// AW
	if (*s_.awvalid && *s_.awready) {
		Write w;
		w.id = *s_.awid;
		w.addr = *s_.awaddr & ~uint64_t(nb - 1);
		w.beats = unsigned(*s_.awlen) + 1;
		w.next = 0;
		w.err = false;
		writes_.push_back(w);
		st_.wr_bursts++;
	}
	// W: strobed bytes of the beat, coalesced into runs.
	if (*s_.wvalid && *s_.wready) {
		Write &w = writes_.front();
		const uint8_t *d = reinterpret_cast<const uint8_t *>(s_.wdata);
		uint64_t strb = *s_.wstrb;
		uint64_t beat_addr = w.addr + uint64_t(w.next) * nb;
		for (unsigned i = 0; i < nb; i++) {
			if (!((strb >> i) & 1)) {
				flush_run(w);
				continue;
			}
			if (!run_.empty() && run_addr_ + run_.size() != beat_addr + i)
				flush_run(w);
			if (run_.empty())
				run_addr_ = beat_addr + i;
			run_.push_back(d[i]);
		}
		w.next++;
		if (w.next == w.beats || *s_.wlast) {
			flush_run(w);
			resps_.push_back(Resp{now + cfg_.write_latency_cycles, w.id, w.err});
			writes_.pop_front();
		}
	}
	// B
	if (*s_.bvalid && *s_.bready)
		resps_.pop_front();
}

void HostMem::drive(uint64_t now)
{
	const unsigned nb = s_.data_bytes;

	*s_.arready = reads_.size() < cfg_.max_reads;
	*s_.awready = writes_.size() < 16;
	// The slave takes write data for bursts whose address it has.
	*s_.wready = !writes_.empty();

	// Bandwidth: a beat needs nb bytes of credit; credit accrues every cycle.
	credit_ += cfg_.bytes_per_cycle;
	if (credit_ > 4.0 * nb)
		credit_ = 4.0 * nb;

	if (r_offered_) {
		// A beat offered and not yet taken holds (AXI: valid waits for ready).
	} else if (!reads_.empty() && reads_.front().ready_at <= now && credit_ >= nb) {
		const Read &r = reads_.front();
		credit_ -= nb;
		r_offered_ = true;
		*s_.rvalid = 1;
		*s_.rid = uint8_t(r.id);
		*s_.rresp = r.err ? 2 : 0;
		*s_.rlast = r.next + 1 == r.beats;
		std::memcpy(s_.rdata, r.data.data() + size_t(r.next) * nb, nb);
	} else {
		*s_.rvalid = 0;
	}

	if (!resps_.empty() && resps_.front().ready_at <= now) {
		*s_.bvalid = 1;
		*s_.bid = uint8_t(resps_.front().id);
		*s_.bresp = resps_.front().err ? 2 : 0;
	} else {
		*s_.bvalid = 0;
	}
}
