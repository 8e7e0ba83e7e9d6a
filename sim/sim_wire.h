// The Ethernet wire between two NIC ports: one Link per direction, carrying
// whole frames (no FCS on the AXI-Stream side) at a line rate with a
// propagation delay, a pcap writer recording every frame sent and, per
// link, one recording every frame as the receiver took it. A Link may lose,
// corrupt, duplicate, reorder and delay frames, reproducibly from a seed
// (docs/simulator.md, "Fault injection").
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include "sim_signals.h"

// pcap with nanosecond timestamps, link type Ethernet; frames without FCS.
class Pcap {
public:
	explicit Pcap(const std::string &path);
	~Pcap();
	bool ok() const { return f_ != nullptr; }
	void write(uint64_t t_ns, const std::vector<uint8_t> &frame);

private:
	FILE *f_ = nullptr;
};

// The delivered capture of link I: PATH with ".linkI" inserted before its
// extension ("wire-rx.pcap" -> "wire-rx.link1.pcap"), or appended when the
// file name has none.
std::string link_capture_path(const std::string &path, unsigned link);

struct WireConfig {
	double gbps = 100.0;        // line rate
	double delay_ns = 100.0;    // propagation delay
	double clk_mhz = 250.0;     // core clock, for converting to cycles
};

// Faults of one direction. Rates are probabilities per frame; times are
// simulated nanoseconds.
struct FaultConfig {
	struct Down {
		uint64_t at;     // frames carried (down=) or simulated ns (down-at=)
		uint64_t dur_ns;
	};
	double drop = 0, corrupt = 0, dup = 0, reorder = 0;
	uint64_t jitter_ns = 0;           // extra delay, uniform in 0..jitter_ns
	uint64_t reorder_hold_ns = 2000;  // a held frame goes anyway after this
	std::vector<Down> down;           // down for dur_ns after `at` frames
	std::vector<Down> down_at;        // down for dur_ns from `at` ns
	bool qp1 = false;                 // QP1 (connection manager) frames too
	bool all = false;                 // every frame, not only RoCEv2 ones

	bool any() const;
	std::string describe() const;     // the settings, as a spec would give them
};

// Parses SPEC ("drop=0.01,jitter-ns=300,..."), starting from defaults.
// False, with a message in *err, on a malformed spec.
bool parse_faults(const std::string &spec, FaultConfig *fc, std::string *err);

struct LinkStats {
	uint64_t frames = 0, bytes = 0;      // frames and bytes sent (no FCS)
	uint64_t delivered = 0;              // frames handed to the receiver, copies included
	uint64_t dropped = 0;                // frames lost at random (drop)
	uint64_t down_dropped = 0;           // frames lost while the link was down
	uint64_t corrupted = 0;              // frames handed over with a bit flipped, copies included
	uint64_t duplicated = 0;             // frames handed over twice
	uint64_t reordered = 0;              // frames held back behind the next one
	uint64_t jittered = 0;               // frames given an extra delay of a cycle or more
};

// The link's random numbers: xoshiro256**, its state filled by splitmix64
// from the seed and the link's index, so each link has its own sequence.
class Rng {
public:
	Rng(uint64_t seed, uint64_t stream);
	uint64_t next();

private:
	uint64_t s_[4];
};

class Link {
public:
	// pcap records frames as sent (shared by all links), pcap_rx frames as
	// delivered, after the faults (this link's own); either may be null.
	Link(AxisSignals tx, AxisSignals rx, Pcap *pcap, Pcap *pcap_rx, const WireConfig &cfg,
	     const FaultConfig &faults, uint64_t seed, unsigned index);
	void sample(uint64_t now);
	void drive(uint64_t now);
	// Frames held back (reorder) are in flight; frames lost are not.
	bool busy() const { return !partial_.empty() || !flight_.empty() || !held_.empty(); }
	const LinkStats &stats() const { return st_; }

private:
	struct Frame {
		uint64_t deliver_at;
		std::vector<uint8_t> bytes;
	};
	struct Interval {
		uint64_t from, to;  // cycles, [from, to)
	};
	uint64_t cycles(uint64_t ns) const { return uint64_t(double(ns) * cfg_.clk_mhz / 1000.0); }
	uint64_t to_ns(uint64_t cycles) const { return uint64_t(double(cycles) * 1000.0 / cfg_.clk_mhz); }
	bool in_scope(const std::vector<uint8_t> &f) const;
	bool down(uint64_t now) const;
	void send(uint64_t now, uint64_t deliver, std::vector<uint8_t> &&bytes);
	void release_held();

	AxisSignals tx_, rx_;
	Pcap *pcap_, *pcap_rx_;
	WireConfig cfg_;
	FaultConfig faults_;
	Rng rng_;
	LinkStats st_;
	std::vector<Interval> down_;     // intervals the link is (or was) down
	std::deque<Frame> held_;         // a frame held back, and its duplicate
	uint64_t held_until_ = 0;        // cycle it goes even if no frame overtook it
	std::vector<uint8_t> partial_;   // frame being taken from the sender
	uint64_t tx_free_at_ = 0;        // cycle the line is free for the next frame
	uint64_t frame_start_ = 0;
	std::deque<Frame> flight_;       // on the wire or waiting for the receiver
	unsigned rx_off_ = 0;            // bytes of flight_.front() already offered
	bool rx_offered_ = false;
};
