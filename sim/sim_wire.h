// The Ethernet wire between two NIC ports: one Link per direction, carrying
// whole frames (no FCS on the AXI-Stream side) at a line rate with a
// propagation delay, and a pcap writer recording every frame sent.
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

struct WireConfig {
	double gbps = 100.0;        // line rate
	double delay_ns = 100.0;    // propagation delay
	double clk_mhz = 250.0;     // core clock, for converting to cycles
};

struct LinkStats {
	uint64_t frames = 0, bytes = 0;      // frames and bytes sent (no FCS)
	uint64_t delivered = 0;              // frames handed to the receiver
};

class Link {
public:
	Link(AxisSignals tx, AxisSignals rx, Pcap *pcap, const WireConfig &cfg);
	void sample(uint64_t now);
	void drive(uint64_t now);
	bool busy() const { return !partial_.empty() || !flight_.empty(); }
	const LinkStats &stats() const { return st_; }

private:
	struct Frame {
		uint64_t deliver_at;
		std::vector<uint8_t> bytes;
	};
	AxisSignals tx_, rx_;
	Pcap *pcap_;
	WireConfig cfg_;
	LinkStats st_;
	std::vector<uint8_t> partial_;   // frame being taken from the sender
	uint64_t tx_free_at_ = 0;        // cycle the line is free for the next frame
	uint64_t frame_start_ = 0;
	std::deque<Frame> flight_;       // on the wire or waiting for the receiver
	unsigned rx_off_ = 0;            // bytes of flight_.front() already offered
	bool rx_offered_ = false;
};
