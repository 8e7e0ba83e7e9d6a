// rnic-sim: NICs co-simulated in Verilator, each serving vfio-user.
//
// Every NIC is an instance of the Verilated rnic_top with
//  - its BAR0 (AXI4-Lite) driven from the vfio-user client's region accesses,
//  - its firmware port driven by the firmware (host build) through a HAL,
//  - its AXI4 DMA master answered by a host-memory/PCIe model that reaches the
//    client's memory through the vfio-user server,
//  - its Ethernet port wired to the next NIC's (back to back) by a Link.
// All NICs share one clock; time advances only while something is in
// flight, so an idle simulation costs nothing and simulated time counts the
// cycles the hardware really worked.
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Vrnic_top.h"
#include "verilated.h"

#include "sim_hostmem.h"
#include "sim_signals.h"
#include "sim_wire.h"

extern "C" {
#include "rnic_addr.h"
#include "rnic_contract.h"
#include "rnic_fw.h"
#include "rnic_vfu.h"
}

static volatile sig_atomic_t g_stop;

static void on_signal(int) { g_stop = 1; }

struct SimConfig {
	unsigned nics = 2;
	std::string dir = "rnic-sim";
	std::string pcap;
	double clk_mhz = 250.0;
	HostMemConfig mem;
	WireConfig wire;
	unsigned quiet_limit = 64;  // cycles without bus activity before time stops
};

class Sim;

// AXI4-Lite master for one NIC port; each access runs the whole simulation
// until the access completes.
class AxilMaster {
public:
	AxilMaster(Sim *sim, Vrnic_top *m, AxilSignals s) : sim_(sim), m_(m), s_(s) {}
	int write(uint32_t addr, uint32_t data);
	int read(uint32_t addr, uint32_t *data);

private:
	Sim *sim_;
	Vrnic_top *m_;
	AxilSignals s_;
};

struct Nic {
	unsigned index = 0;
	std::unique_ptr<Vrnic_top> m;
	std::unique_ptr<HostMem> mem;
	std::unique_ptr<AxilMaster> bar0, fwport;
	rnic_vfu *vfu = nullptr;
	struct rnic_fw fw;
	struct rnic_fw_hal hal;
	struct rnic_fw_config fwcfg;
	bool in_fw = false;
	bool reset_pending = false;  // the client left or asked for a reset
	uint64_t resets = 0;
	uint64_t irqs = 0, bar_reads = 0, bar_writes = 0, fw_cmds = 0;
	uint32_t ipv4 = 0;
};

class Sim {
public:
	explicit Sim(const SimConfig &cfg);
	~Sim();
	int setup();
	int run();
	void tick();
	void report(double wall_s);
	uint64_t now() const { return now_; }

private:
	bool activity(const Nic &n) const;

	SimConfig cfg_;
	std::unique_ptr<VerilatedContext> ctx_;
	std::vector<std::unique_ptr<Nic>> nics_;
	std::vector<std::unique_ptr<Link>> links_;
	std::unique_ptr<Pcap> pcap_;
	uint64_t now_ = 0;
	uint64_t quiet_ = 0;
};

// Access timeout: a port that does not answer within this many cycles is broken.
static const unsigned kAxilTimeout = 100000;

int AxilMaster::write(uint32_t addr, uint32_t data)
{
	sim_set_addr(s_.awaddr, s_.addr16, addr);
	*s_.awprot = 0;
	*s_.awvalid = 1;
	*s_.wdata = data;
	*s_.wstrb = 0xf;
	*s_.wvalid = 1;
	*s_.bready = 1;
	m_->eval();
	for (unsigned i = 0; i < kAxilTimeout; i++) {
		bool aw = *s_.awvalid && *s_.awready;
		bool w = *s_.wvalid && *s_.wready;
		bool b = *s_.bvalid && *s_.bready;
		uint8_t resp = *s_.bresp;
		sim_->tick();
		if (aw)
			*s_.awvalid = 0;
		if (w)
			*s_.wvalid = 0;
		if (b) {
			*s_.bready = 0;
			m_->eval();
			return resp == 0 ? 0 : EIO;
		}
		m_->eval();
	}
	return ETIMEDOUT;
}

int AxilMaster::read(uint32_t addr, uint32_t *data)
{
	sim_set_addr(s_.araddr, s_.addr16, addr);
	*s_.arprot = 0;
	*s_.arvalid = 1;
	*s_.rready = 1;
	m_->eval();
	for (unsigned i = 0; i < kAxilTimeout; i++) {
		bool ar = *s_.arvalid && *s_.arready;
		bool r = *s_.rvalid && *s_.rready;
		uint32_t v = *s_.rdata;
		uint8_t resp = *s_.rresp;
		sim_->tick();
		if (ar)
			*s_.arvalid = 0;
		if (r) {
			*s_.rready = 0;
			m_->eval();
			*data = v;
			return resp == 0 ? 0 : EIO;
		}
		m_->eval();
	}
	return ETIMEDOUT;
}

// --- vfio-user callbacks: BAR0 accesses become AXI4-Lite transactions ---

static int nic_region_read(void *ctx, unsigned region, uint64_t off, void *buf, size_t len)
{
	Nic *n = static_cast<Nic *>(ctx);
	if (region != 0 || (off & 3) || (len != 4 && len != 8) || off + len > RNIC_BAR0_SIZE)
		return EINVAL;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t v;
		int rc = n->bar0->read(uint32_t(off + i), &v);
		if (rc)
			return rc;
		std::memcpy(static_cast<uint8_t *>(buf) + i, &v, 4);
	}
	n->bar_reads++;
	return 0;
}

static int nic_region_write(void *ctx, unsigned region, uint64_t off, const void *buf, size_t len)
{
	Nic *n = static_cast<Nic *>(ctx);
	if (region != 0 || (off & 3) || (len != 4 && len != 8) || off + len > RNIC_BAR0_SIZE)
		return EINVAL;
	for (size_t i = 0; i < len; i += 4) {
		uint32_t v;
		std::memcpy(&v, static_cast<const uint8_t *>(buf) + i, 4);
		int rc = n->bar0->write(uint32_t(off + i), v);
		if (rc)
			return rc;
	}
	n->bar_writes++;
	return 0;
}

// A client that leaves (or sends DEVICE_RESET) leaves the NIC as a function
// level reset would: the firmware restarts and writes every context back to
// its reset value, so the next client finds no QP, CQ or key of the last one.
// Done from the main loop, outside the server's message handling.
static void nic_reset(void *ctx)
{
	static_cast<Nic *>(ctx)->reset_pending = true;
}

// --- firmware HAL: the firmware-port registers ---

static uint32_t fw_read32(void *opaque, uint32_t off)
{
	Nic *n = static_cast<Nic *>(opaque);
	uint32_t v = 0;
	if (n->fwport->read(off, &v) != 0)
		std::fprintf(stderr, "rnic-sim: nic%u: firmware read 0x%x failed\n", n->index, off);
	return v;
}

static void fw_write32(void *opaque, uint32_t off, uint32_t v)
{
	Nic *n = static_cast<Nic *>(opaque);
	if (n->fwport->write(off, v) != 0)
		std::fprintf(stderr, "rnic-sim: nic%u: firmware write 0x%x failed\n", n->index, off);
}

Sim::Sim(const SimConfig &cfg) : cfg_(cfg), ctx_(new VerilatedContext) {}

Sim::~Sim()
{
	for (auto &n : nics_) {
		if (n->vfu)
			rnic_vfu_destroy(n->vfu);
		n->m->final();
	}
}

int Sim::setup()
{
	mkdir(cfg_.dir.c_str(), 0755);
	if (!cfg_.pcap.empty()) {
		pcap_.reset(new Pcap(cfg_.pcap));
		if (!pcap_->ok()) {
			std::fprintf(stderr, "rnic-sim: cannot write %s: %s\n", cfg_.pcap.c_str(), std::strerror(errno));
			return 1;
		}
	}
	for (unsigned i = 0; i < cfg_.nics; i++) {
		auto n = std::make_unique<Nic>();
		n->index = i;
		n->m.reset(new Vrnic_top(ctx_.get(), ("nic" + std::to_string(i)).c_str()));
		n->ipv4 = RNIC_SIM_IPV4_BASE + i + 1;

		AxiMasterSignals as;
		SIM_BIND_AXI(as, n->m, m_axi_);
		n->mem.reset(new HostMem(as, nullptr, cfg_.mem));
		AxilSignals bs, fs;
		SIM_BIND_AXIL(bs, n->m, s_axil_);
		SIM_BIND_AXIL(fs, n->m, s_axil_fw_);
		n->bar0.reset(new AxilMaster(this, n->m.get(), bs));
		n->fwport.reset(new AxilMaster(this, n->m.get(), fs));
		nics_.push_back(std::move(n));
	}
	// Back to back: NIC i's TX feeds NIC i^1's RX.
	for (unsigned i = 0; i + 1 < cfg_.nics; i += 2) {
		for (unsigned d = 0; d < 2; d++) {
			Vrnic_top *a = nics_[i + d]->m.get(), *b = nics_[i + 1 - d]->m.get();
			AxisSignals tx, rx;
			SIM_BIND_AXIS(tx, a, m_axis_tx_);
			SIM_BIND_AXIS(rx, b, s_axis_rx_);
			links_.emplace_back(new Link(tx, rx, pcap_.get(), cfg_.wire));
		}
	}
	// Reset, then boot the firmware of every NIC.
	for (auto &n : nics_) {
		n->m->rst = 1;
		n->m->clk = 0;
		n->m->eval();
	}
	for (int i = 0; i < 16; i++)
		tick();
	for (auto &n : nics_) {
		n->m->rst = 0;
		n->m->eval();
	}
	for (int i = 0; i < 4; i++)
		tick();
	for (auto &n : nics_) {
		n->hal.opaque = n.get();
		n->hal.read32 = fw_read32;
		n->hal.write32 = fw_write32;
		struct rnic_fw_config &fc = n->fwcfg;
		std::memset(&fc, 0, sizeof(fc));
		rnic_mac_from_ipv4(n->ipv4, fc.mac);
		fc.ipv4 = n->ipv4;
		fc.log_qps = RNIC_LOG_QPS;
		fc.log_cqs = RNIC_LOG_CQS;
		fc.log_mrs = RNIC_LOG_MRS;
		fc.log_pds = RNIC_LOG_PDS;
		fc.db_pages = RNIC_DB_PAGES;
		n->in_fw = true;
		int rc = rnic_fw_init(&n->fw, &n->hal, &fc);
		n->in_fw = false;
		if (rc) {
			std::fprintf(stderr, "rnic-sim: nic%u: firmware init failed: %d\n", n->index, rc);
			return 1;
		}
	}
	// Serve vfio-user only now that the firmware is up: a client that finds
	// the socket finds a device ready for commands.
	for (auto &n : nics_) {
		struct rnic_vfu_config vc;
		std::memset(&vc, 0, sizeof(vc));
		vc.region_size[0] = RNIC_BAR0_SIZE;
		vc.num_irqs = RNIC_IRQ_VECTORS;
		static const struct rnic_vfu_ops ops = {nic_region_read, nic_region_write, nic_reset, nullptr,
							nic_reset};
		std::string path = cfg_.dir + "/rnic" + std::to_string(n->index) + ".sock";
		int rc = rnic_vfu_create(path.c_str(), &vc, &ops, n.get(), &n->vfu);
		if (rc) {
			std::fprintf(stderr, "rnic-sim: cannot serve %s: %s\n", path.c_str(), std::strerror(rc));
			return 1;
		}
		n->mem->set_vfu(n->vfu);
		std::printf("rnic-sim: nic%u at %s, IPv4 %u.%u.%u.%u\n", n->index, path.c_str(),
			    n->ipv4 >> 24, (n->ipv4 >> 16) & 255, (n->ipv4 >> 8) & 255, n->ipv4 & 255);
	}
	std::fflush(stdout);
	return 0;
}

bool Sim::activity(const Nic &n) const
{
	const Vrnic_top *m = n.m.get();
	return n.mem->busy() || m->m_axi_arvalid || m->m_axi_awvalid || m->m_axi_wvalid ||
	       m->m_axis_tx_tvalid || m->irq_valid || m->fw_irq;
}

void Sim::tick()
{
	bool active = false;
	for (auto &n : nics_) {
		n->mem->sample(now_);
		if (n->m->irq_valid && n->vfu) {
			n->irqs++;
			rnic_vfu_irq_trigger(n->vfu, n->m->irq_vector);
		}
		active = active || activity(*n);
	}
	for (auto &l : links_) {
		l->sample(now_);
		active = active || l->busy();
	}
	for (auto &n : nics_) {
		n->m->clk = 1;
		n->m->eval();
	}
	now_++;
	for (auto &n : nics_) {
		n->m->clk = 0;
		n->mem->drive(now_);
	}
	for (auto &l : links_)
		l->drive(now_);
	for (auto &n : nics_)
		n->m->eval();
	quiet_ = active ? 0 : quiet_ + 1;
}

int Sim::run()
{
	std::vector<struct pollfd> pfd(nics_.size());
	while (!g_stop) {
		bool running = quiet_ < cfg_.quiet_limit;
		for (size_t i = 0; i < nics_.size(); i++) {
			pfd[i].fd = rnic_vfu_fd(nics_[i]->vfu);
			pfd[i].events = POLLIN;
			pfd[i].revents = 0;
		}
		int rc = poll(pfd.data(), pfd.size(), running ? 0 : 20);
		if (rc < 0 && errno != EINTR) {
			std::perror("rnic-sim: poll");
			return 1;
		}
		for (size_t i = 0; rc > 0 && i < nics_.size(); i++) {
			if (pfd[i].revents) {
				rnic_vfu_process(nics_[i]->vfu);
				quiet_ = 0;
			}
		}
		for (auto &n : nics_) {
			if (n->reset_pending && !n->in_fw) {
				n->reset_pending = false;
				n->in_fw = true;
				int rc = rnic_fw_init(&n->fw, &n->hal, &n->fwcfg);
				n->in_fw = false;
				n->resets++;
				if (rc)
					std::fprintf(stderr, "rnic-sim: nic%u: firmware restart failed: %d\n", n->index, rc);
				quiet_ = 0;
			}
			if (n->m->fw_irq && !n->in_fw) {
				n->in_fw = true;
				n->fw_cmds += rnic_fw_poll(&n->fw);
				n->in_fw = false;
				quiet_ = 0;
			}
		}
		for (unsigned i = 0; i < 256 && quiet_ < cfg_.quiet_limit; i++)
			tick();
	}
	return 0;
}

void Sim::report(double wall_s)
{
	std::printf("rnic-sim: %llu cycles simulated (%.3f us at %.0f MHz) in %.2f s wall, %.3f M cycles/s\n",
		    (unsigned long long)now_, double(now_) / cfg_.clk_mhz, cfg_.clk_mhz, wall_s,
		    wall_s > 0 ? double(now_) / wall_s / 1e6 : 0.0);
	static const char *names[] = {"cycles", "tx_pkts", "tx_bytes", "rx_pkts", "rx_bytes", "rx_icrc_err",
				      "rx_bad_hdr", "rx_bad_qp", "rx_psn_err", "db_reject", "wqe_fetched",
				      "cqe_written", "dma_rd_bytes", "dma_wr_bytes", "acks_tx", "acks_rx"};
	for (auto &n : nics_) {
		struct rnic_vfu_stats vs;
		rnic_vfu_get_stats(n->vfu, &vs);
		const HostMemStats &ms = n->mem->stats();
		std::printf("rnic-sim: nic%u host: clients=%llu resets=%llu bar_reads=%llu bar_writes=%llu commands=%llu "
			    "irqs=%llu dma_rd_bytes=%llu dma_wr_bytes=%llu dma_faults=%llu\n",
			    n->index, (unsigned long long)vs.connects, (unsigned long long)n->resets,
			    (unsigned long long)n->bar_reads, (unsigned long long)n->bar_writes,
			    (unsigned long long)n->fw_cmds, (unsigned long long)n->irqs,
			    (unsigned long long)ms.rd_bytes, (unsigned long long)ms.wr_bytes,
			    (unsigned long long)(ms.rd_faults + ms.wr_faults));
		std::printf("rnic-sim: nic%u rtl:", n->index);
		for (unsigned k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			uint32_t v = 0;
			n->fwport->read(RNIC_FW_STAT + 4 * k, &v);
			std::printf(" %s=%u", names[k], v);
		}
		std::printf("\n");
	}
	for (size_t i = 0; i < links_.size(); i++) {
		const LinkStats &s = links_[i]->stats();
		std::printf("rnic-sim: link%zu: frames=%llu bytes=%llu delivered=%llu\n", i,
			    (unsigned long long)s.frames, (unsigned long long)s.bytes, (unsigned long long)s.delivered);
	}
	std::fflush(stdout);
}

static void usage(const char *argv0)
{
	std::fprintf(stderr,
		     "usage: %s [--dir DIR] [--nics N] [--pcap FILE] [--pcie-rtt-ns NS] [--wire-gbps G]\n"
		     "          [--wire-delay-ns NS]\n"
		     "Serves NIC i on DIR/rnic<i>.sock (vfio-user) until SIGINT or SIGTERM.\n",
		     argv0);
}

int main(int argc, char **argv)
{
	SimConfig cfg;
	for (int i = 1; i < argc; i++) {
		std::string a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
		if (a == "--dir" && v) {
			cfg.dir = v;
			i++;
		} else if (a == "--nics" && v) {
			cfg.nics = unsigned(std::atoi(v));
			i++;
		} else if (a == "--pcap" && v) {
			cfg.pcap = v;
			i++;
		} else if (a == "--pcie-rtt-ns" && v) {
			cfg.mem.read_latency_cycles = unsigned(std::atof(v) * cfg.clk_mhz / 1000.0);
			i++;
		} else if (a == "--wire-gbps" && v) {
			cfg.wire.gbps = std::atof(v);
			i++;
		} else if (a == "--wire-delay-ns" && v) {
			cfg.wire.delay_ns = std::atof(v);
			i++;
		} else {
			usage(argv[0]);
			return 2;
		}
	}
	if (cfg.nics < 2 || cfg.nics % 2) {
		std::fprintf(stderr, "rnic-sim: --nics must be even (NICs are wired back to back in pairs)\n");
		return 2;
	}
	cfg.wire.clk_mhz = cfg.clk_mhz;
	std::signal(SIGINT, on_signal);
	std::signal(SIGTERM, on_signal);
	std::signal(SIGPIPE, SIG_IGN);

	auto t0 = std::chrono::steady_clock::now();
	Sim sim(cfg);
	if (sim.setup())
		return 1;
	int rc = sim.run();
	double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	sim.report(wall);
	return rc;
}
