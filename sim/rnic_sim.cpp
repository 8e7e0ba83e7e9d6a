// rnic-sim: NICs co-simulated in Verilator, each serving vfio-user.
//
// Every NIC is an instance of the Verilated rnic_top with
//  - its BAR0 (AXI4-Lite) driven from the vfio-user client's region accesses,
//  - its firmware port driven by the firmware (host build) through a HAL,
//  - its AXI4 DMA master answered by a host-memory/PCIe model that reaches the
//    client's memory through the vfio-user server,
//  - its Ethernet port wired to the next NIC's (back to back) by a Link,
//    which may lose, corrupt, duplicate, reorder and delay frames, as a seed
//    decides (--faults, docs/simulator.md "Fault injection").
// All NICs share one clock. Simulated time runs in lockstep with the client
// programs (docs/simulator.md, "Lockstep"): it advances only while every
// client is blocked on the simulator (a register access, or a wait through
// the control region, include/rnic_sim_ctl.h) or asleep outside it, and
// only while something is in flight. A client that runs costs no simulated
// time, so the cycle at which each access lands depends on what the
// programs do, never on how fast the host runs them: runs repeat cycle for
// cycle. An idle simulation costs nothing, and simulated time counts the
// cycles the hardware really worked.
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <dirent.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Vrnic_sim_top.h"
#include "verilated.h"

#include "sim_hostmem.h"
#include "sim_signals.h"
#include "sim_wire.h"

extern "C" {
#include "rnic_addr.h"
#include "rnic_contract.h"
#include "rnic_fw.h"
#include "rnic_sim_ctl.h"
#include "rnic_vfu.h"
}

static volatile sig_atomic_t g_stop;

static void on_signal(int) { g_stop = 1; }

struct SimConfig {
	unsigned nics = 2;
	std::string dir = "rnic-sim";
	std::string pcap;
	std::string pcap_rx;        // delivered frames, one file per link (link_capture_path)
	double clk_mhz = 250.0;     // core clock
	double mac_mhz = 322.265625; // MAC clock: the Ethernet ports and the links
	HostMemConfig mem;
	WireConfig wire;
	uint64_t seed = 1;                    // fault injection's random numbers
	FaultConfig faults;                   // every link's faults (--faults) ...
	std::map<unsigned, FaultConfig> link_faults;  // ... unless it has its own
	unsigned quiet_limit = 64;  // cycles without bus activity before time stops
	unsigned start_clients = 0; // time stands still until this many clients came
	unsigned spin_ms = 50;      // a client running this long without a word is set aside
};

class Sim;

// AXI4-Lite master for one NIC port; each access runs the whole simulation
// until the access completes.
class AxilMaster {
public:
	AxilMaster(Sim *sim, Vrnic_sim_top *m, AxilSignals s) : sim_(sim), m_(m), s_(s) {}
	int write(uint32_t addr, uint32_t data);
	int read(uint32_t addr, uint32_t *data);

private:
	Sim *sim_;
	Vrnic_sim_top *m_;
	AxilSignals s_;
};

// A region access of the client, carried out on BAR0's AXI4-Lite port in
// simulated time, one 32-bit word after the other.
struct BarReq {
	bool write = false;
	bool posted = false;  // no reply: the client did not wait for it
	int err = 0;
	uint32_t off = 0;
	unsigned words = 0;   // 1 or 2
	uint32_t data[2] = {0, 0};
};

enum WakeReason { WAKE_WRITE, WAKE_IRQ, WAKE_BUDGET, WAKE_QUIET, WAKE_REASONS };

struct Nic {
	unsigned index = 0;
	Sim *sim = nullptr;
	std::unique_ptr<Vrnic_sim_top> m;
	std::unique_ptr<HostMem> mem;
	std::unique_ptr<AxilMaster> fwport;
	AxilSignals bs;  // BAR0 port, driven by the request queue below
	rnic_vfu *vfu = nullptr;
	struct rnic_fw fw;
	struct rnic_fw_hal hal;
	struct rnic_fw_config fwcfg;
	bool in_fw = false;
	bool reset_pending = false;  // the client left or asked for a reset
	uint64_t resets = 0;
	uint64_t irqs = 0, bar_reads = 0, bar_writes = 0, fw_cmds = 0;
	uint32_t ipv4 = 0;

	// BAR0 requests of the client, in arrival order.
	std::deque<BarReq> barq;
	bool bar_active = false;  // a word of barq.front() is on the bus
	bool bar_done = false;    // ... and finished at this edge
	bool aw_ok = false, w_ok = false, ar_ok = false, word_err = false;
	unsigned bar_word = 0;
	uint32_t rdata = 0;

	// The client's wait (control region), if it waits.
	bool waiting = false;
	struct rnic_sim_wait wait;
	uint64_t wait_from = 0;
	uint64_t wakes[WAKE_REASONS] = {0, 0, 0, 0};

	// The answer to the deferred access, ready to send.
	bool reply_ready = false;
	int reply_err = 0;
	uint32_t reply_data[2] = {0, 0};
	size_t reply_len = 0;

	// A client that runs without a word for spin_ms is set aside (time
	// goes on without it); counted, since such a run does not repeat.
	uint64_t seen_msgs = 0;
	std::chrono::steady_clock::time_point last_msg;
	bool set_aside = false;
	uint64_t set_asides = 0;
};

class Sim {
public:
	explicit Sim(const SimConfig &cfg);
	~Sim();
	int setup();
	int run();
	void tick();
	void mac_tick();
	void report(double wall_s);
	uint64_t now() const { return now_; }
	void wake(Nic &n, WakeReason why);

private:
	bool activity(const Nic &n) const;
	bool client_blocked(Nic &n);
	int poll_clients(std::vector<struct pollfd> &pfd, int timeout_ms);
	void take_messages(std::vector<struct pollfd> &pfd);
	bool work_left() const;
	bool bus_activity(const Nic &n) const;
	void step(bool short_step);
	void service_fw();
	std::string inet_path(const Nic &n) const;
	const FaultConfig &faults_of(unsigned link) const;
	bool deliver();
	void bar_sample(Nic &n);
	void bar_drive(Nic &n);

	SimConfig cfg_;
	std::unique_ptr<VerilatedContext> ctx_;
	std::vector<std::unique_ptr<Nic>> nics_;
	std::vector<std::unique_ptr<Link>> links_;
	std::unique_ptr<Pcap> pcap_;
	std::vector<std::unique_ptr<Pcap>> pcap_rx_;  // per link, with --pcap-rx
	uint64_t now_ = 0;            // core clock edges (turbo ones count TIMER_TICK_CYCLES)
	uint64_t mac_now_ = 0;        // MAC clock edges
	uint64_t mac_skipped_ = 0;    // ... of them passed over while only timers ran
	bool mac_unsettled_ = false;  // the MAC edge's falling half and link inputs not yet evaluated
	uint64_t quiet_ = 0;
	uint64_t turbo_cycles_ = 0;   // cycles fast-forwarded while only timers ran
	uint64_t bus_quiet_ = 0;      // cycles in a row without bus or wire activity
	uint64_t core_hz_ = 250000000, mac_hz_ = 322265625;  // the two clocks, Hz
	uint64_t connects_ = 0;
	uint64_t steps_ = 0, idle_wakes_ = 0;
	bool irq_fired_ = false;  // an interrupt went out in this step
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
//
// Every access is queued and carried out in simulated time; the client gets
// its reply (RNIC_VFU_DEFER) when the transaction ends. A posted write is
// only queued: the client goes on at once, and the write lands when
// simulated time next moves.

static int nic_region_read(void *ctx, unsigned region, uint64_t off, void *buf, size_t len)
{
	Nic *n = static_cast<Nic *>(ctx);
	(void)buf;
	if (region != 0 || (off & 3) || (len != 4 && len != 8) || off + len > RNIC_BAR0_SIZE)
		return EINVAL;
	BarReq r;
	r.off = uint32_t(off);
	r.words = unsigned(len / 4);
	n->barq.push_back(r);
	return RNIC_VFU_DEFER;
}

static int nic_sim_wait(Nic *n, uint64_t off, const void *buf, size_t len)
{
	struct rnic_sim_wait w;
	if (off != RNIC_SIM_CTL_WAIT || rnic_vfu_posted(n->vfu) || len < RNIC_SIM_WAIT_BYTES(0) ||
	    len > sizeof(w) || n->waiting)
		return EINVAL;
	std::memset(&w, 0, sizeof(w));
	std::memcpy(&w, buf, len);
	if (w.nranges > RNIC_SIM_WAIT_MAX_RANGES || RNIC_SIM_WAIT_BYTES(w.nranges) > len)
		return EINVAL;
	n->wait = w;
	n->waiting = true;
	n->wait_from = n->sim->now();
	return RNIC_VFU_DEFER;
}

static int nic_region_write(void *ctx, unsigned region, uint64_t off, const void *buf, size_t len)
{
	Nic *n = static_cast<Nic *>(ctx);
	if (region == RNIC_SIM_CTL_REGION)
		return nic_sim_wait(n, off, buf, len);
	if (region != 0 || (off & 3) || (len != 4 && len != 8) || off + len > RNIC_BAR0_SIZE)
		return EINVAL;
	BarReq r;
	r.write = true;
	r.posted = rnic_vfu_posted(n->vfu) != 0;
	r.off = uint32_t(off);
	r.words = unsigned(len / 4);
	std::memcpy(r.data, buf, len);
	n->barq.push_back(r);
	return RNIC_VFU_DEFER;
}

// A client that leaves (or sends DEVICE_RESET) leaves the NIC as a function
// level reset would: the firmware restarts and writes every context back to
// its reset value, so the next client finds no QP, CQ or key of the last one.
// Done in simulated time, before any further access of the client.
static void nic_reset(void *ctx)
{
	Nic *n = static_cast<Nic *>(ctx);
	n->reset_pending = true;
	// Nobody waits for the answers of a departed client; a word already on
	// the bus finishes.
	while (n->barq.size() > (n->bar_active ? 1u : 0u))
		n->barq.pop_back();
	if (!n->barq.empty())
		n->barq.front().posted = true;
	n->waiting = false;
	n->reply_ready = false;
}

static void nic_connect(void *ctx, pid_t)
{
	Nic *n = static_cast<Nic *>(ctx);
	n->last_msg = std::chrono::steady_clock::now();
	n->set_aside = false;
}

// Device writes into client memory: a write into a range the client waits
// on wakes it.
static void nic_dma_written(void *ctx, uint64_t iova, size_t len)
{
	Nic *n = static_cast<Nic *>(ctx);
	if (!n->waiting)
		return;
	for (uint32_t i = 0; i < n->wait.nranges; i++) {
		const struct rnic_sim_wait_range &r = n->wait.range[i];
		if (iova < r.iova + r.len && r.iova < iova + len) {
			n->sim->wake(*n, WAKE_WRITE);
			return;
		}
	}
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

// DIR/rnic<i>.inet: the NIC's IPv4 address in dotted form and a newline.
std::string Sim::inet_path(const Nic &n) const
{
	return cfg_.dir + "/rnic" + std::to_string(n.index) + ".inet";
}

// Link i's faults: its own (--faults-link), else every link's (--faults).
const FaultConfig &Sim::faults_of(unsigned link) const
{
	auto own = cfg_.link_faults.find(link);
	return own != cfg_.link_faults.end() ? own->second : cfg_.faults;
}

Sim::Sim(const SimConfig &cfg) : cfg_(cfg), ctx_(new VerilatedContext) {}

Sim::~Sim()
{
	for (auto &n : nics_) {
		if (n->vfu) {
			rnic_vfu_destroy(n->vfu);
			unlink(inet_path(*n).c_str());
		}
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
		n->m.reset(new Vrnic_sim_top(ctx_.get(), ("nic" + std::to_string(i)).c_str()));
		n->ipv4 = RNIC_SIM_IPV4_BASE + i + 1;

		AxiMasterSignals as;
		SIM_BIND_AXI(as, n->m, m_axi_);
		n->mem.reset(new HostMem(as, nullptr, cfg_.mem));
		n->sim = this;
		n->mem->set_write_hook(nic_dma_written, n.get());
		AxilSignals fs;
		SIM_BIND_AXIL(n->bs, n->m, s_axil_);
		SIM_BIND_AXIL(fs, n->m, s_axil_fw_);
		n->fwport.reset(new AxilMaster(this, n->m.get(), fs));
		nics_.push_back(std::move(n));
	}
	// Back to back: NIC i's TX feeds NIC i^1's RX, through link i.
	for (unsigned i = 0; i + 1 < cfg_.nics; i += 2) {
		for (unsigned d = 0; d < 2; d++) {
			Vrnic_sim_top *a = nics_[i + d]->m.get(), *b = nics_[i + 1 - d]->m.get();
			AxisSignals tx, rx;
			SIM_BIND_AXIS(tx, a, m_axis_tx_);
			SIM_BIND_AXIS(rx, b, s_axis_rx_);
			unsigned l = unsigned(links_.size());
			Pcap *rxp = nullptr;
			if (!cfg_.pcap_rx.empty()) {
				std::string path = link_capture_path(cfg_.pcap_rx, l);
				pcap_rx_.emplace_back(new Pcap(path));
				if (!pcap_rx_.back()->ok()) {
					std::fprintf(stderr, "rnic-sim: cannot write %s: %s\n", path.c_str(),
						     std::strerror(errno));
					return 1;
				}
				rxp = pcap_rx_.back().get();
			}
			links_.emplace_back(new Link(tx, rx, pcap_.get(), rxp, cfg_.wire, faults_of(l), cfg_.seed, l));
		}
	}
	// Reset (both clock domains together, longer than the crossings ask
	// for), then boot the firmware of every NIC.
	core_hz_ = uint64_t(cfg_.clk_mhz * 1e6 + 0.5);
	mac_hz_ = uint64_t(cfg_.mac_mhz * 1e6 + 0.5);
	for (auto &n : nics_) {
		n->m->rst = 1;
		n->m->mac_rst = 1;
		n->m->clk = 0;
		n->m->mac_clk = 0;
		n->m->eval();
	}
	for (int i = 0; i < 16; i++)
		tick();
	for (auto &n : nics_) {
		n->m->rst = 0;
		n->m->mac_rst = 0;
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
		fc.log_srqs = RNIC_LOG_SRQS;
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
		vc.region_size[RNIC_SIM_CTL_REGION] = RNIC_SIM_CTL_SIZE;
		vc.num_irqs = RNIC_IRQ_VECTORS;
		static const struct rnic_vfu_ops ops = {nic_region_read, nic_region_write, nic_reset,
							nic_connect, nic_reset};
		std::string path = cfg_.dir + "/rnic" + std::to_string(n->index) + ".sock";
		// The NIC's address next to its socket, so that the connection
		// manager's library maps addresses to devices without connecting.
		std::string inet = inet_path(*n);
		FILE *f = std::fopen(inet.c_str(), "w");
		if (!f || std::fprintf(f, "%u.%u.%u.%u\n", n->ipv4 >> 24, (n->ipv4 >> 16) & 0xFF,
				       (n->ipv4 >> 8) & 0xFF, n->ipv4 & 0xFF) < 0 || std::fclose(f) != 0) {
			std::fprintf(stderr, "rnic-sim: cannot write %s\n", inet.c_str());
			return 1;
		}
		int rc = rnic_vfu_create(path.c_str(), &vc, &ops, n.get(), &n->vfu);
		if (rc) {
			std::fprintf(stderr, "rnic-sim: cannot serve %s: %s\n", path.c_str(), std::strerror(rc));
			return 1;
		}
		n->mem->set_vfu(n->vfu);
		std::printf("rnic-sim: nic%u at %s, IPv4 %u.%u.%u.%u\n", n->index, path.c_str(),
			    n->ipv4 >> 24, (n->ipv4 >> 16) & 255, (n->ipv4 >> 8) & 255, n->ipv4 & 255);
	}
	for (unsigned i = 0; i < links_.size(); i++)
		std::printf("rnic-sim: link%u: nic%u->nic%u seed=%llu faults: %s\n", i, i, i ^ 1,
			    (unsigned long long)cfg_.seed, faults_of(i).describe().c_str());
	std::fflush(stdout);
	return 0;
}

bool Sim::activity(const Nic &n) const
{
	return bus_activity(n) || n.m->timer_busy;
}

// Anything in flight but the requester's retransmission and RNR timers.
bool Sim::bus_activity(const Nic &n) const
{
	const Vrnic_sim_top *m = n.m.get();
	return n.mem->busy() || m->m_axi_arvalid || m->m_axi_awvalid || m->m_axi_wvalid ||
	       m->m_axis_tx_tvalid || m->cdc_busy || m->irq_valid || m->fw_irq || n.bar_active || !n.barq.empty();
}

// --- BAR0 port: the client's queued accesses as AXI4-Lite transactions ---

// Before the rising edge: note the handshakes the current signals make.
void Sim::bar_sample(Nic &n)
{
	const AxilSignals &s = n.bs;
	if (!n.bar_active)
		return;
	if (n.barq.front().write) {
		n.aw_ok = n.aw_ok || (*s.awvalid && *s.awready);
		n.w_ok = n.w_ok || (*s.wvalid && *s.wready);
		if (*s.bvalid && *s.bready) {
			n.bar_done = true;
			n.word_err = *s.bresp != 0;
		}
	} else {
		n.ar_ok = n.ar_ok || (*s.arvalid && *s.arready);
		if (*s.rvalid && *s.rready) {
			n.bar_done = true;
			n.word_err = *s.rresp != 0;
			n.rdata = *s.rdata;
		}
	}
}

// After the falling edge: retire what finished, put the next word on the bus.
void Sim::bar_drive(Nic &n)
{
	const AxilSignals &s = n.bs;
	if (n.bar_active) {
		if (n.aw_ok)
			*s.awvalid = 0;
		if (n.w_ok)
			*s.wvalid = 0;
		if (n.ar_ok)
			*s.arvalid = 0;
		if (!n.bar_done)
			return;
		*s.bready = 0;
		*s.rready = 0;
		n.bar_active = n.bar_done = false;
		BarReq &r = n.barq.front();
		if (!r.write)
			r.data[n.bar_word] = n.rdata;
		if (n.word_err)
			r.err = EIO;
		if (++n.bar_word == r.words) {
			if (r.write)
				n.bar_writes++;
			else
				n.bar_reads++;
			if (!r.posted) {
				n.reply_ready = true;
				n.reply_err = r.err;
				n.reply_len = r.write ? 0 : 4u * r.words;
				n.reply_data[0] = r.data[0];
				n.reply_data[1] = r.data[1];
			}
			n.barq.pop_front();
			n.bar_word = 0;
		}
	}
	// A NIC being reset takes no access until its firmware is back.
	if (n.barq.empty() || n.reset_pending || n.in_fw)
		return;
	const BarReq &r = n.barq.front();
	uint32_t addr = r.off + 4u * n.bar_word;
	n.aw_ok = n.w_ok = n.ar_ok = n.word_err = false;
	n.bar_active = true;
	if (r.write) {
		sim_set_addr(s.awaddr, s.addr16, addr);
		*s.awprot = 0;
		*s.awvalid = 1;
		*s.wdata = r.data[n.bar_word];
		*s.wstrb = 0xf;
		*s.wvalid = 1;
		*s.bready = 1;
	} else {
		sim_set_addr(s.araddr, s.addr16, addr);
		*s.arprot = 0;
		*s.arvalid = 1;
		*s.rready = 1;
	}
}

void Sim::wake(Nic &n, WakeReason why)
{
	if (!n.waiting)
		return;
	n.waiting = false;
	n.wakes[why]++;
	n.reply_ready = true;
	n.reply_err = 0;
	n.reply_len = 0;
}

void Sim::tick()
{
	bool active = false, bus = false, skip_ok = true;
	for (auto &n : nics_) {
		n->mem->sample(now_);
		bar_sample(*n);
		if (n->m->irq_valid && n->vfu) {
			n->irqs++;
			rnic_vfu_irq_trigger(n->vfu, n->m->irq_vector);
			irq_fired_ = true;
			if (n->waiting && (n->wait.flags & RNIC_SIM_WAIT_IRQ))
				wake(*n, WAKE_IRQ);
		}
		active = active || activity(*n);
		bus = bus || bus_activity(*n);
		skip_ok = skip_ok && n->m->timer_skip_ok;
	}
	for (auto &l : links_) {
		active = active || l->busy();
		bus = bus || l->busy();
	}
	// Only timers run (a requester waits for an ACK that will not come, or
	// for its RNR time), nothing else has moved for quiet_limit cycles (a
	// WQE just taken shows on the bus only a few cycles later) and no timer
	// comes due within a tick: fast-forward, one timer tick per cycle
	bus_quiet_ = bus ? 0 : bus_quiet_ + 1;
	bool turbo = active && bus_quiet_ > cfg_.quiet_limit && skip_ok;
	for (auto &n : nics_) {
		n->m->timer_turbo = turbo;
		n->m->clk = 1;
		n->m->eval();
	}
	mac_unsettled_ = false;
	now_ += turbo ? RNIC_TIMER_TICK_CYCLES : 1;
	turbo_cycles_ += turbo ? RNIC_TIMER_TICK_CYCLES : 0;
	for (auto &n : nics_) {
		n->m->clk = 0;
		n->mem->drive(now_);
		bar_drive(*n);
	}
	for (auto &n : nics_) {
		n->m->eval();
		if (n->waiting && n->wait.max_cycles && now_ - n->wait_from >= n->wait.max_cycles)
			wake(*n, WAKE_BUDGET);
	}
	quiet_ = active ? 0 : quiet_ + 1;

	// The MAC clock's edges up to this core edge (edge k of a clock of f Hz
	// at k / f seconds; at a tie the core edge goes first). A fast-forward
	// passes them over: the links and the crossings are idle then.
	const unsigned __int128 core_t = (unsigned __int128)now_ * mac_hz_;
	if (turbo) {
		uint64_t to = uint64_t(core_t / core_hz_);
		if (to > mac_now_) {
			mac_skipped_ += to - mac_now_;
			mac_now_ = to;
		}
		return;
	}
	while ((unsigned __int128)(mac_now_ + 1) * core_hz_ <= core_t)
		mac_tick();
}

// One MAC clock edge: the links take what the transmit ports offer and
// offer the receive ports their next beat.
//
// The falling edge and the new link inputs are evaluated by the next
// evaluation of the model, whichever clock's: a core edge comes between two
// MAC edges more often than not, and its evaluation takes them along (no
// input of the core's bus models depends on the link's in the same cycle).
void Sim::mac_tick()
{
	if (mac_unsettled_) {
		for (auto &n : nics_)
			n->m->eval();
	}
	for (auto &l : links_)
		l->sample(mac_now_);
	for (auto &n : nics_) {
		n->m->mac_clk = 1;
		n->m->eval();
	}
	mac_now_++;
	for (auto &n : nics_)
		n->m->mac_clk = 0;
	for (auto &l : links_)
		l->drive(mac_now_);
	mac_unsettled_ = true;
}

// Firmware: a NIC to restart, a command to run. The firmware is synchronous
// C on the host: it runs to the end of what it has to do, and its port
// accesses advance simulated time for everything else meanwhile.
void Sim::service_fw()
{
	for (auto &n : nics_) {
		if (n->reset_pending && !n->in_fw && !n->bar_active) {
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
}

// Anything for simulated time to do: a transaction, a frame, a firmware job.
bool Sim::work_left() const
{
	if (quiet_ < cfg_.quiet_limit)
		return true;
	for (auto &n : nics_)
		if (n->reset_pending || n->m->fw_irq || activity(*n))
			return true;
	return false;
}

// Advance simulated time until some client has its answer (or a slice
// ends: a short one while a client is set aside, so its accesses get in).
void Sim::step(bool short_step)
{
	steps_++;
	irq_fired_ = false;
	const unsigned limit = short_step ? 64 : 65536;
	for (unsigned i = 0; i < limit; i++) {
		service_fw();
		// An interrupt may wake a client asleep on its eventfd: stop, so
		// that it is seen running before time moves on.
		bool ready = irq_fired_;
		for (auto &n : nics_)
			ready = ready || n->reply_ready;
		if (ready)
			return;
		if (!work_left()) {
			// Nothing in flight: nothing will come to a waiting
			// client unless some client acts first.
			for (auto &n : nics_)
				wake(*n, WAKE_QUIET);
			return;
		}
		tick();
	}
}

// Send the answers that are ready. True when some client got one.
bool Sim::deliver()
{
	bool any = false;
	for (auto &n : nics_) {
		if (!n->reply_ready)
			continue;
		n->reply_ready = false;
		if (rnic_vfu_pending(n->vfu)) {
			rnic_vfu_complete(n->vfu, n->reply_err, n->reply_data, n->reply_len);
			any = true;
		}
	}
	return any;
}

// Is the client of n blocked, so that simulated time may pass? It is when
// it waits for an answer of ours, or when every thread of it sleeps
// (typically on a pipe or socket to another client, which only a running
// client can wake). A client that runs holds time still, except one that
// has run spin_ms without a word to us: that one polls memory (or hangs),
// and is set aside so the others are not held forever.
bool Sim::client_blocked(Nic &n)
{
	// A client counts from its accept on: one that has connected but not
	// yet sent VERSION runs (or is about to), and holds time like any other.
	if (!n.vfu || !rnic_vfu_attached(n.vfu))
		return true;
	if (rnic_vfu_pending(n.vfu))
		return true;
	struct rnic_vfu_stats vs;
	rnic_vfu_get_stats(n.vfu, &vs);
	auto t = std::chrono::steady_clock::now();
	if (vs.msgs != n.seen_msgs) {
		n.seen_msgs = vs.msgs;
		n.last_msg = t;
		n.set_aside = false;
	}
	if (n.set_aside)
		return true;
	pid_t pid = rnic_vfu_client_pid(n.vfu);
	std::string dir = "/proc/" + std::to_string(pid) + "/task";
	DIR *d = opendir(dir.c_str());
	if (!d)
		return true;  // gone: the disconnect follows
	bool running = false;
	while (struct dirent *e = readdir(d)) {
		if (e->d_name[0] == '.')
			continue;
		std::string path = dir + "/" + e->d_name + "/stat";
		FILE *f = std::fopen(path.c_str(), "r");
		if (!f)
			continue;
		char buf[512];
		size_t len = std::fread(buf, 1, sizeof(buf) - 1, f);
		std::fclose(f);
		buf[len] = 0;
		const char *p = std::strrchr(buf, ')');  // "pid (comm) S ..."
		if (p && p[1] == ' ' && (p[2] == 'R' || p[2] == 'D'))
			running = true;
	}
	closedir(d);
	if (!running) {
		// Asleep, unless it just sent something and sleeps for the
		// answer: then the message is already there to be taken.
		struct pollfd p = {rnic_vfu_fd(n.vfu), POLLIN, 0};
		return poll(&p, 1, 0) == 0;
	}
	if (std::chrono::duration<double, std::milli>(t - n.last_msg).count() >= cfg_.spin_ms) {
		n.set_aside = true;
		n.set_asides++;
		return true;
	}
	return false;
}

// Wait up to timeout_ms for a message on any NIC's vfio-user socket.
int Sim::poll_clients(std::vector<struct pollfd> &pfd, int timeout_ms)
{
	for (size_t i = 0; i < nics_.size(); i++) {
		pfd[i].fd = rnic_vfu_fd(nics_[i]->vfu);
		pfd[i].events = POLLIN;
		pfd[i].revents = 0;
	}
	return poll(pfd.data(), pfd.size(), timeout_ms);
}

// Take every message that is there (no time passes meanwhile).
void Sim::take_messages(std::vector<struct pollfd> &pfd)
{
	for (;;) {
		int rc = poll_clients(pfd, 0);
		if (rc <= 0)
			break;
		bool took = false;
		for (size_t i = 0; i < nics_.size(); i++) {
			if (!pfd[i].revents)
				continue;
			struct rnic_vfu_stats a, b;
			rnic_vfu_get_stats(nics_[i]->vfu, &a);
			bool was = rnic_vfu_connected(nics_[i]->vfu);
			rnic_vfu_process(nics_[i]->vfu);
			rnic_vfu_get_stats(nics_[i]->vfu, &b);
			if (b.connects != a.connects)
				connects_ += b.connects - a.connects;
			took = took || b.msgs != a.msgs || b.connects != a.connects ||
			       was != bool(rnic_vfu_connected(nics_[i]->vfu));
		}
		if (!took)
			break;
	}
}

int Sim::run()
{
	std::vector<struct pollfd> pfd(nics_.size());
	while (!g_stop) {
		take_messages(pfd);
		bool blocked = connects_ >= cfg_.start_clients, aside = false;
		for (auto &n : nics_) {
			if (!blocked)
				break;
			blocked = client_blocked(*n);
			aside = aside || n->set_aside;
		}
		if (blocked) {
			bool waits = false;
			for (auto &n : nics_)
				waits = waits || n->waiting || n->reply_ready;
			if (waits || work_left()) {
				uint64_t before = now_;
				step(aside);
				if (deliver() && now_ == before && ++idle_wakes_ % 64 == 0) {
					// Clients that keep finding nothing while
					// nothing moves: let the host breathe.
					poll(pfd.data(), 0, 1);
				}
				continue;
			}
		}
		// Time stands still: wait for a client (recheck the sleepers often).
		int rc = poll_clients(pfd, 1);
		if (rc < 0 && errno != EINTR) {
			std::perror("rnic-sim: poll");
			return 1;
		}
	}
	// Stopped. A client that left just before the signal may not have been
	// seen leaving yet: take its departure and finish the NIC reset it
	// starts, so the final figures do not depend on when the signal came.
	// (Bounded: a client still attached and waiting gets no more time.)
	take_messages(pfd);
	for (unsigned i = 0; i < 64 && work_left(); i++)
		step(false);
	return 0;
}

void Sim::report(double wall_s)
{
	std::printf("rnic-sim: %llu cycles simulated (%.3f us at %.0f MHz) in %.2f s wall, %.3f M cycles/s\n",
		    (unsigned long long)now_, double(now_) / cfg_.clk_mhz, cfg_.clk_mhz, wall_s,
		    wall_s > 0 ? double(now_) / wall_s / 1e6 : 0.0);
	std::printf("rnic-sim: %llu cycles fast-forwarded while only retransmission / RNR timers ran\n",
		    (unsigned long long)turbo_cycles_);
	std::printf("rnic-sim: MAC clock %.6f MHz: %llu cycles (%llu of them passed over in fast-forwards)\n",
		    cfg_.mac_mhz, (unsigned long long)mac_now_, (unsigned long long)mac_skipped_);
	static const char *names[RNIC_STAT_COUNT] = RNIC_STAT_NAMES;
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
		std::printf("rnic-sim: nic%u lockstep: waits woken by cq_write=%llu irq=%llu budget=%llu quiet=%llu; "
			    "clients set aside=%llu\n",
			    n->index, (unsigned long long)n->wakes[WAKE_WRITE], (unsigned long long)n->wakes[WAKE_IRQ],
			    (unsigned long long)n->wakes[WAKE_BUDGET], (unsigned long long)n->wakes[WAKE_QUIET],
			    (unsigned long long)n->set_asides);
		std::printf("rnic-sim: nic%u mac: rx_drop=%u\n", n->index, n->m->mac_rx_drop_count);
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
		std::printf("rnic-sim: link%zu: frames=%llu bytes=%llu delivered=%llu dropped=%llu corrupted=%llu "
			    "duplicated=%llu reordered=%llu jittered=%llu down_dropped=%llu\n",
			    i, (unsigned long long)s.frames, (unsigned long long)s.bytes, (unsigned long long)s.delivered,
			    (unsigned long long)s.dropped, (unsigned long long)s.corrupted,
			    (unsigned long long)s.duplicated, (unsigned long long)s.reordered,
			    (unsigned long long)s.jittered, (unsigned long long)s.down_dropped);
	}
	std::fflush(stdout);
}

static void usage(const char *argv0)
{
	std::fprintf(stderr,
		     "usage: %s [--dir DIR] [--nics N] [--pcap FILE] [--pcap-rx FILE] [--pcie-rtt-ns NS]\n"
		     "          [--wire-gbps G] [--wire-delay-ns NS] [--start-clients N] [--spin-ms MS]\n"
		     "          [--clk-mhz F] [--mac-mhz F]\n"
		     "          [--seed N] [--faults SPEC] [--faults-link I SPEC]...\n"
		     "Serves NIC i on DIR/rnic<i>.sock (vfio-user) until SIGINT or SIGTERM.\n"
		     "Simulated time stands still until N clients have connected (default 0), and\n"
		     "while any client runs; one that runs MS ms without a request (default 50) is\n"
		     "set aside and counted.\n"
		     "The core clock runs at F MHz (--clk-mhz, default 250), the Ethernet ports and\n"
		     "the links at the MAC clock (--mac-mhz, default 322.265625).\n"
		     "Link i carries NIC i's frames to NIC i^1. --faults applies SPEC to every link,\n"
		     "--faults-link to link I instead; SPEC is a comma-separated list of\n"
		     "  drop=P corrupt=P dup=P reorder=P   probabilities per frame, in [0,1]\n"
		     "  jitter-ns=NS                       extra delay, uniform in 0..NS\n"
		     "  reorder-hold-ns=NS                 a held frame goes anyway after NS (2000)\n"
		     "  down=N+NS                          down for NS ns after N frames (repeatable)\n"
		     "  down-at=T+NS                       down from T ns for NS ns (repeatable)\n"
		     "  qp1=1                              QP1 (connection manager) frames too\n"
		     "  all=1                              every frame, not only RoCEv2 ones\n"
		     "Faults repeat from --seed N (default 1).\n"
		     "--pcap FILE records the frames as sent, all links in one file; --pcap-rx FILE\n"
		     "the frames as each receiver took them (faults applied), one file per link:\n"
		     "FILE with .linkI before its extension (wire-rx.pcap -> wire-rx.link0.pcap).\n",
		     argv0);
}

// A fault SPEC of option OPT, or a message on stderr and false.
static bool fault_spec(const char *opt, const char *spec, FaultConfig *fc)
{
	std::string err;
	if (parse_faults(spec, fc, &err))
		return true;
	std::fprintf(stderr, "rnic-sim: %s %s: %s\n", opt, spec, err.c_str());
	return false;
}

int main(int argc, char **argv)
{
	SimConfig cfg;
	double pcie_rtt_ns = -1.0;   // converted to core cycles once the clock is known
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
		} else if (a == "--pcap-rx" && v) {
			cfg.pcap_rx = v;
			i++;
		} else if (a == "--pcie-rtt-ns" && v) {
			pcie_rtt_ns = std::atof(v);
			i++;
		} else if (a == "--clk-mhz" && v) {
			cfg.clk_mhz = std::atof(v);
			i++;
		} else if (a == "--mac-mhz" && v) {
			cfg.mac_mhz = std::atof(v);
			i++;
		} else if (a == "--wire-gbps" && v) {
			cfg.wire.gbps = std::atof(v);
			i++;
		} else if (a == "--start-clients" && v) {
			cfg.start_clients = unsigned(std::atoi(v));
			i++;
		} else if (a == "--spin-ms" && v) {
			cfg.spin_ms = unsigned(std::atoi(v));
			i++;
		} else if (a == "--wire-delay-ns" && v) {
			cfg.wire.delay_ns = std::atof(v);
			i++;
		} else if (a == "--seed" && v) {
			char *end;
			errno = 0;
			cfg.seed = std::strtoull(v, &end, 10);
			if (errno || *end || *v < '0' || *v > '9') {
				std::fprintf(stderr, "rnic-sim: --seed %s: not a decimal number below 2^64\n", v);
				return 2;
			}
			i++;
		} else if (a == "--faults" && v) {
			if (!fault_spec(a.c_str(), v, &cfg.faults))
				return 2;
			i++;
		} else if (a == "--faults-link" && v && i + 2 < argc) {
			char *end;
			errno = 0;
			unsigned long link = std::strtoul(v, &end, 10);
			if (errno || *end || *v < '0' || *v > '9' || link >= 65536) {
				std::fprintf(stderr, "rnic-sim: --faults-link %s: not a link number\n", v);
				return 2;
			}
			std::string opt = a + " " + v;
			if (!fault_spec(opt.c_str(), argv[i + 2], &cfg.link_faults[unsigned(link)]))
				return 2;
			i += 2;
		} else {
			usage(argv[0]);
			return 2;
		}
	}
	if (cfg.nics < 2 || cfg.nics % 2) {
		std::fprintf(stderr, "rnic-sim: --nics must be even (NICs are wired back to back in pairs)\n");
		return 2;
	}
	for (const auto &lf : cfg.link_faults) {
		if (lf.first >= cfg.nics) {
			std::fprintf(stderr, "rnic-sim: --faults-link %u: no such link (0..%u with %u NICs)\n",
				     lf.first, cfg.nics - 1, cfg.nics);
			return 2;
		}
	}
	if (!(cfg.clk_mhz >= 1.0 && cfg.clk_mhz <= 2000.0) || !(cfg.mac_mhz >= 1.0 && cfg.mac_mhz <= 2000.0)) {
		std::fprintf(stderr, "rnic-sim: --clk-mhz and --mac-mhz take 1 to 2000 MHz\n");
		return 2;
	}
	cfg.wire.clk_mhz = cfg.mac_mhz;
	if (pcie_rtt_ns >= 0.0)
		cfg.mem.read_latency_cycles = unsigned(pcie_rtt_ns * cfg.clk_mhz / 1000.0);
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
