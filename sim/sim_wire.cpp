#include "sim_wire.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
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

std::string link_capture_path(const std::string &path, unsigned link)
{
	size_t slash = path.rfind('/'), base = slash == std::string::npos ? 0 : slash + 1;
	size_t dot = path.rfind('.');
	if (dot == std::string::npos || dot <= base)  // no extension ("wire", ".pcap")
		dot = path.size();
	return path.substr(0, dot) + ".link" + std::to_string(link) + path.substr(dot);
}

// --- fault configuration ---

bool FaultConfig::any() const
{
	return drop > 0 || corrupt > 0 || dup > 0 || reorder > 0 || jitter_ns > 0 || !down.empty() ||
	       !down_at.empty();
}

std::string FaultConfig::describe() const
{
	if (!any())
		return "none";
	char buf[256];
	std::snprintf(buf, sizeof(buf), "drop=%g corrupt=%g dup=%g reorder=%g jitter-ns=%llu reorder-hold-ns=%llu qp1=%d all=%d",
		      drop, corrupt, dup, reorder, (unsigned long long)jitter_ns, (unsigned long long)reorder_hold_ns,
		      qp1 ? 1 : 0, all ? 1 : 0);
	std::string s = buf;
	for (const Down &d : down)
		s += " down=" + std::to_string(d.at) + "+" + std::to_string(d.dur_ns);
	for (const Down &d : down_at)
		s += " down-at=" + std::to_string(d.at) + "+" + std::to_string(d.dur_ns);
	return s;
}

// A decimal integer, the whole string.
static bool parse_u64(const std::string &s, uint64_t *v)
{
	if (s.empty() || s[0] < '0' || s[0] > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long x = std::strtoull(s.c_str(), &end, 10);
	if (errno || *end)
		return false;
	*v = x;
	return true;
}

// A probability: a number in [0, 1], the whole string.
static bool parse_rate(const std::string &s, double *v)
{
	if (s.empty())
		return false;
	char *end;
	double x = std::strtod(s.c_str(), &end);
	if (*end || !std::isfinite(x) || x < 0 || x > 1)
		return false;
	*v = x;
	return true;
}

// "A+B", two decimal integers.
static bool parse_pair(const std::string &s, FaultConfig::Down *d)
{
	size_t plus = s.find('+');
	return plus != std::string::npos && parse_u64(s.substr(0, plus), &d->at) &&
	       parse_u64(s.substr(plus + 1), &d->dur_ns);
}

bool parse_faults(const std::string &spec, FaultConfig *fc, std::string *err)
{
	*fc = FaultConfig();
	std::string rest = spec;
	for (;;) {
		size_t comma = rest.find(',');
		std::string item = rest.substr(0, comma);
		size_t eq = item.find('=');
		std::string key = item.substr(0, eq), val = eq == std::string::npos ? "" : item.substr(eq + 1);
		FaultConfig::Down d;
		uint64_t flag = 0;
		bool ok = false;
		const char *want;
		if (key == "drop" || key == "corrupt" || key == "dup" || key == "reorder") {
			want = "a probability in [0,1]";
			ok = parse_rate(val, key == "drop" ? &fc->drop : key == "corrupt" ? &fc->corrupt
							 : key == "dup" ? &fc->dup : &fc->reorder);
		} else if (key == "jitter-ns" || key == "reorder-hold-ns") {
			want = "a whole number of nanoseconds";
			ok = parse_u64(val, key == "jitter-ns" ? &fc->jitter_ns : &fc->reorder_hold_ns);
		} else if (key == "down" || key == "down-at") {
			want = key == "down" ? "FRAMES+NS (down for NS ns once FRAMES frames have passed)"
					     : "NS+NS (down from the first time for the second)";
			ok = parse_pair(val, &d);
			(key == "down" ? fc->down : fc->down_at).push_back(d);
		} else if (key == "qp1" || key == "all") {
			want = "0 or 1";
			ok = parse_u64(val, &flag) && flag <= 1;
			(key == "qp1" ? fc->qp1 : fc->all) = flag == 1;
		} else {
			*err = item.empty() ? "an empty setting" : "'" + item + "': unknown setting (drop, corrupt, dup, reorder, jitter-ns, "
			       "reorder-hold-ns, down, down-at, qp1, all)";
			return false;
		}
		if (!ok || eq == std::string::npos) {
			*err = "'" + item + "': " + key + " wants " + want;
			return false;
		}
		if (comma == std::string::npos)
			return true;
		rest = rest.substr(comma + 1);
	}
}

// --- random numbers ---

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

Rng::Rng(uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (0xd1b54a32d192ed03ull * (stream + 1));
	for (uint64_t &w : s_)
		w = splitmix64(&x);
}

static inline uint64_t rotl(uint64_t v, int k) { return (v << k) | (v >> (64 - k)); }

uint64_t Rng::next()
{
	uint64_t r = rotl(s_[1] * 5, 7) * 9, t = s_[1] << 17;
	s_[2] ^= s_[0];
	s_[3] ^= s_[1];
	s_[1] ^= s_[2];
	s_[0] ^= s_[3];
	s_[2] ^= t;
	s_[3] = rotl(s_[3], 45);
	return r;
}

// True with probability p, from 53 bits of r.
static inline bool chance(uint64_t r, double p) { return double(r >> 11) * 0x1.0p-53 < p; }

// --- the link ---

Link::Link(AxisSignals tx, AxisSignals rx, Pcap *pcap, Pcap *pcap_rx, const WireConfig &cfg,
	   const FaultConfig &faults, uint64_t seed, unsigned index)
	: tx_(tx), rx_(rx), pcap_(pcap), pcap_rx_(pcap_rx), cfg_(cfg), faults_(faults), rng_(seed, index)
{
	for (const FaultConfig::Down &d : faults_.down_at)
		down_.push_back({cycles(d.at), cycles(d.at) + cycles(d.dur_ns)});
	for (const FaultConfig::Down &d : faults_.down)
		if (d.at == 0)
			down_.push_back({0, cycles(d.dur_ns)});
}

// RoCEv2 over IPv4 without options, the only form the NIC takes: EtherType
// 0x0800, version 4 and IHL 5, protocol UDP (17), UDP destination port 4791;
// the BTH at byte 42.
static const size_t kBth = 14 + 20 + 8;

static bool is_rocev2(const std::vector<uint8_t> &f)
{
	return f.size() >= kBth + 12 + 4 && f[12] == 0x08 && f[13] == 0x00 && f[14] == 0x45 && f[23] == 17 &&
	       f[36] == (4791 >> 8) && f[37] == (4791 & 0xff);
}

// Faults touch RoCEv2 frames except QP1's (BTH destination QP, BTH bytes
// 5..7), unless qp1 or all says otherwise.
bool Link::in_scope(const std::vector<uint8_t> &f) const
{
	if (faults_.all)
		return true;
	if (!is_rocev2(f))
		return false;
	uint32_t dqpn = uint32_t(f[kBth + 5]) << 16 | uint32_t(f[kBth + 6]) << 8 | f[kBth + 7];
	return dqpn != 1 || faults_.qp1;
}

bool Link::down(uint64_t now) const
{
	for (const Interval &i : down_)
		if (now >= i.from && now < i.to)
			return true;
	return false;
}

// Flips the bit r picks in the part of the frame the receiver checks last.
// RoCEv2: after the BTH, up to the end of the ICRC (the IPv4 total length
// says where; Ethernet pad after it is not covered), so the ICRC check
// fails and no header check comes first. Other frames (all=1): after the
// Ethernet header.
static void flip_bit(std::vector<uint8_t> &f, uint64_t r)
{
	if (f.empty())
		return;
	size_t from = std::min<size_t>(14, f.size() - 1), to = f.size();
	if (is_rocev2(f)) {
		from = kBth + 12;
		to = std::clamp<size_t>(14 + (size_t(f[16]) << 8 | f[17]), from + 1, f.size());
	}
	uint64_t bit = r % (uint64_t(to - from) * 8);
	f[from + bit / 8] ^= uint8_t(1u << (bit % 8));
}

// A frame handed over by the sender at cycle `now`, due at the receiver at
// `deliver`: decide its faults, then queue it (docs/simulator.md, "Fault
// injection", for the order of the decisions).
void Link::send(uint64_t now, uint64_t deliver, std::vector<uint8_t> &&bytes)
{
	// The same draws for every frame, whatever the rates and the scope, so
	// that one setting does not shift the decisions of the others.
	uint64_t r_drop = rng_.next(), r_corrupt = rng_.next(), r_bit = rng_.next(), r_dup = rng_.next(),
		 r_reorder = rng_.next(), r_jitter = rng_.next();
	bool scope = in_scope(bytes), was_down = down(now);
	// down=N+DUR: the link goes down once it has carried N frames (this
	// one is the N-th: it was handed over before).
	for (const FaultConfig::Down &d : faults_.down)
		if (d.at == st_.frames && d.at > 0)
			down_.push_back({now, now + cycles(d.dur_ns)});
	if (!scope) {
		flight_.push_back(Frame{deliver, std::move(bytes)});
		release_held();
		return;
	}
	if (was_down) {
		st_.down_dropped++;
		return;
	}
	if (chance(r_drop, faults_.drop)) {
		st_.dropped++;
		return;
	}
	bool corrupt = chance(r_corrupt, faults_.corrupt);
	if (corrupt)
		flip_bit(bytes, r_bit);
	// A duplicate is a copy of what is delivered, flipped bit included.
	unsigned copies = chance(r_dup, faults_.dup) ? 2 : 1;
	st_.duplicated += copies - 1;
	st_.corrupted += corrupt ? copies : 0;
	uint64_t extra = r_jitter % (cycles(faults_.jitter_ns) + 1);
	if (extra)
		st_.jittered++;
	Frame f{deliver + extra, std::move(bytes)};
	// Held back until the next frame delivered overtakes it; a frame that
	// overtakes one is not held itself.
	if (held_.empty() && chance(r_reorder, faults_.reorder)) {
		st_.reordered++;
		held_until_ = now + cycles(faults_.reorder_hold_ns);
		if (copies == 2)
			held_.push_back(f);
		held_.push_back(std::move(f));
		return;
	}
	if (copies == 2)
		flight_.push_back(f);
	flight_.push_back(std::move(f));
	release_held();
}

// The held frame (and its copy) go behind whatever was queued last.
void Link::release_held()
{
	while (!held_.empty()) {
		flight_.push_back(std::move(held_.front()));
		held_.pop_front();
	}
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
	// A held frame nothing overtook in reorder_hold_ns goes anyway.
	if (!held_.empty() && now >= held_until_)
		release_held();
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
				pcap_->write(to_ns(start), partial_);
			st_.frames++;
			st_.bytes += partial_.size();
			send(now, deliver, std::move(partial_));
			partial_.clear();
		}
	}
	if (*rx_.tvalid && *rx_.tready) {
		rx_offered_ = false;
		rx_off_ += rx_.data_bytes;
		if (rx_off_ >= flight_.front().bytes.size()) {
			// delivered: its bytes as the receiver took them, at the
			// cycle it took the last beat
			if (pcap_rx_)
				pcap_rx_->write(to_ns(now), flight_.front().bytes);
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
