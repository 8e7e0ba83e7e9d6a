// Views of a Verilated model's ports: pointers to its signals, so the bus
// models below work on any instance. Widths follow Verilator's mapping
// (<=8 bits uint8_t, <=16 uint16_t, <=32 uint32_t, <=64 uint64_t, wider:
// an array of 32-bit words, least significant first).
#pragma once

#include <cstdint>

// AXI4 master port of the NIC (the model is the slave). ID_W <= 8.
struct AxiMasterSignals {
	uint8_t *awid; uint64_t *awaddr; uint8_t *awlen, *awsize, *awburst, *awvalid, *awready;
	uint32_t *wdata; uint64_t *wstrb; uint8_t *wlast, *wvalid, *wready;
	uint8_t *bid, *bresp, *bvalid, *bready;
	uint8_t *arid; uint64_t *araddr; uint8_t *arlen, *arsize, *arburst, *arvalid, *arready;
	uint8_t *rid; uint32_t *rdata; uint8_t *rresp, *rlast, *rvalid, *rready;
	unsigned data_bytes;
};

// AXI4-Lite slave port of the NIC (the model is the master), 32-bit data.
// Addresses are up to 16 bits (uint16_t) or up to 32 (uint32_t): addr16 says which.
struct AxilSignals {
	void *awaddr; uint8_t *awprot, *awvalid, *awready;
	uint32_t *wdata; uint8_t *wstrb, *wvalid, *wready;
	uint8_t *bresp, *bvalid, *bready;
	void *araddr; uint8_t *arprot, *arvalid, *arready;
	uint32_t *rdata; uint8_t *rresp, *rvalid, *rready;
	bool addr16;
};

static inline void sim_set_addr(void *p, bool addr16, uint32_t v)
{
	if (addr16)
		*static_cast<uint16_t *>(p) = uint16_t(v);
	else
		*static_cast<uint32_t *>(p) = v;
}

// AXI-Stream port, 64-byte data with a 64-bit tkeep.
struct AxisSignals {
	uint32_t *tdata; uint64_t *tkeep; uint8_t *tvalid, *tready, *tlast;
	unsigned data_bytes;
};

#define SIM_BIND_AXI(s, m, p) do { \
	(s).awid = &(m)->p##awid; (s).awaddr = &(m)->p##awaddr; (s).awlen = &(m)->p##awlen; \
	(s).awsize = &(m)->p##awsize; (s).awburst = &(m)->p##awburst; \
	(s).awvalid = &(m)->p##awvalid; (s).awready = &(m)->p##awready; \
	(s).wdata = &(m)->p##wdata[0]; (s).wstrb = &(m)->p##wstrb; (s).wlast = &(m)->p##wlast; \
	(s).wvalid = &(m)->p##wvalid; (s).wready = &(m)->p##wready; \
	(s).bid = &(m)->p##bid; (s).bresp = &(m)->p##bresp; (s).bvalid = &(m)->p##bvalid; \
	(s).bready = &(m)->p##bready; \
	(s).arid = &(m)->p##arid; (s).araddr = &(m)->p##araddr; (s).arlen = &(m)->p##arlen; \
	(s).arsize = &(m)->p##arsize; (s).arburst = &(m)->p##arburst; \
	(s).arvalid = &(m)->p##arvalid; (s).arready = &(m)->p##arready; \
	(s).rid = &(m)->p##rid; (s).rdata = &(m)->p##rdata[0]; (s).rresp = &(m)->p##rresp; \
	(s).rlast = &(m)->p##rlast; (s).rvalid = &(m)->p##rvalid; (s).rready = &(m)->p##rready; \
	(s).data_bytes = sizeof((m)->p##wdata) ; \
} while (0)

#define SIM_BIND_AXIL(s, m, p) do { \
	(s).awaddr = &(m)->p##awaddr; (s).awprot = &(m)->p##awprot; \
	(s).awvalid = &(m)->p##awvalid; (s).awready = &(m)->p##awready; \
	(s).wdata = &(m)->p##wdata; (s).wstrb = &(m)->p##wstrb; \
	(s).wvalid = &(m)->p##wvalid; (s).wready = &(m)->p##wready; \
	(s).bresp = &(m)->p##bresp; (s).bvalid = &(m)->p##bvalid; (s).bready = &(m)->p##bready; \
	(s).araddr = &(m)->p##araddr; (s).arprot = &(m)->p##arprot; \
	(s).arvalid = &(m)->p##arvalid; (s).arready = &(m)->p##arready; \
	(s).rdata = &(m)->p##rdata; (s).rresp = &(m)->p##rresp; \
	(s).rvalid = &(m)->p##rvalid; (s).rready = &(m)->p##rready; \
	(s).addr16 = sizeof((m)->p##awaddr) == 2; \
} while (0)

#define SIM_BIND_AXIS(s, m, p) do { \
	(s).tdata = &(m)->p##tdata[0]; (s).tkeep = &(m)->p##tkeep; (s).tvalid = &(m)->p##tvalid; \
	(s).tready = &(m)->p##tready; (s).tlast = &(m)->p##tlast; \
	(s).data_bytes = sizeof((m)->p##tdata); \
} while (0)
