#include "sim_wire.h"

#include <algorithm>
#include <cstring>

Pcap::Pcap(const std::string &path)
{
	f_ = std::fopen(path.c_str(), "wb");
	if (!f_)
		return;
	// Global header: nanosecond-resolution magic, version 2.4, snaplen, Ethernet.
	uint32_t hdr[6] = {0xa1b23c4d, 0x00040002, 0, 0, 65535, 1};
	std::fwrite(hdr, sizeof(hdr), 1, f_);
}

Pcap::~Pcap()
{
	if (f_)
		std::fclose(f_);
}

void Pcap::write(uint64_t t_ns, const std::vector<uint8_t> &frame)
{
	if (!f_)
		return;
	uint32_t rec[4] = {uint32_t(t_ns / 1000000000u), uint32_t(t_ns % 1000000000u),
			   uint32_t(frame.size()), uint32_t(frame.size())};
	std::fwrite(rec, sizeof(rec), 1, f_);
	std::fwrite(frame.data(), 1, frame.size(), f_);
}

Link::Link(AxisSignals tx, AxisSignals rx, Pcap *pcap, const WireConfig &cfg)
	: tx_(tx), rx_(rx), pcap_(pcap), cfg_(cfg)
{
}

static unsigned keep_bytes(uint64_t keep, unsigned nb)
{
	unsigned n = 0;
	while (n < nb && ((keep >> n) & 1))
		n++;
	return n;
}

void Link::sample(uint64_t now)
{
	if (*tx_.tvalid && *tx_.tready) {
		if (partial_.empty())
			frame_start_ = now;
		unsigned n = keep_bytes(*tx_.tkeep, tx_.data_bytes);
		const uint8_t *d = reinterpret_cast<const uint8_t *>(tx_.tdata);
		partial_.insert(partial_.end(), d, d + n);
		if (*tx_.tlast) {
			// Preamble 8 + FCS 4 + inter-frame gap 12 bytes; minimum frame 64 with FCS.
			size_t wire_bytes = std::max<size_t>(partial_.size(), 60) + 24;
			double ns = double(wire_bytes) * 8.0 / cfg_.gbps;
			uint64_t cycles = uint64_t(ns * cfg_.clk_mhz / 1000.0 + 0.999);
			uint64_t start = std::max(frame_start_, tx_free_at_);
			tx_free_at_ = start + cycles;
			uint64_t deliver = tx_free_at_ + uint64_t(cfg_.delay_ns * cfg_.clk_mhz / 1000.0);
			if (pcap_)
				pcap_->write(uint64_t(double(start) * 1000.0 / cfg_.clk_mhz), partial_);
			st_.frames++;
			st_.bytes += partial_.size();
			flight_.push_back(Frame{deliver, std::move(partial_)});
			partial_.clear();
		}
	}
	if (*rx_.tvalid && *rx_.tready) {
		rx_offered_ = false;
		rx_off_ += rx_.data_bytes;
		if (rx_off_ >= flight_.front().bytes.size()) {
			flight_.pop_front();
			rx_off_ = 0;
			st_.delivered++;
		}
	}
}

void Link::drive(uint64_t now)
{
	// The MAC takes a new frame only when the line is free of the last one.
	*tx_.tready = partial_.empty() ? (now >= tx_free_at_) : 1;

	if (rx_offered_)
		return;
	if (flight_.empty() || flight_.front().deliver_at > now) {
		*rx_.tvalid = 0;
		return;
	}
	const std::vector<uint8_t> &f = flight_.front().bytes;
	unsigned nb = rx_.data_bytes;
	unsigned n = unsigned(std::min<size_t>(nb, f.size() - rx_off_));
	uint8_t *d = reinterpret_cast<uint8_t *>(rx_.tdata);
	std::memset(d, 0, nb);
	std::memcpy(d, f.data() + rx_off_, n);
	*rx_.tkeep = n == 64 ? ~uint64_t(0) : ((uint64_t(1) << n) - 1);
	*rx_.tlast = rx_off_ + n >= f.size();
	*rx_.tvalid = 1;
	rx_offered_ = true;
}
