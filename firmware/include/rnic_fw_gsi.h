/* The GSI mailbox (QP1 for the firmware, docs/rtl-interfaces.md "GSI
 * mailbox"): MADs that arrived for QP1 wait in a GSI_RX_DEPTH-deep FIFO the
 * firmware reads through FW GSI_RX_*; the firmware sends one MAD at a time
 * from QP1 through FW GSI_TX_*. Payload words carry byte 4k of the MAD in
 * bits 31:24 of word k. Everything goes through the firmware's hal.
 */
#ifndef RNIC_FW_GSI_H
#define RNIC_FW_GSI_H

#include <stdint.h>

#include "rnic_fw.h"

/* Bounded wait for GSI_TX_STATUS.busy before a send. */
#define RNIC_FW_GSI_TX_BUSY_SPINS 1024u

/* What GSI_RX_* tell of the oldest MAD waiting. */
struct rnic_fw_gsi_rx {
	uint32_t len;     /* payload bytes, 0 .. RNIC_MAD_BYTES */
	uint32_t sip;     /* source IPv4 address, first octet in bits 31:24 */
	uint32_t sqpn;    /* DETH source QP (24 bits) */
	uint16_t pkey;    /* BTH P_Key */
	uint8_t smac[6];  /* source MAC, smac[0] first on the wire */
};

/* Where a MAD goes: usually the peer's QP1 (dqpn 1, qkey RNIC_GSI_QKEY) at
 * the address and MAC the request came from. */
struct rnic_fw_gsi_dest {
	uint32_t dip;     /* destination IPv4 address, first octet in bits 31:24 */
	uint32_t dqpn;    /* destination QP (24 bits) */
	uint32_t qkey;    /* DETH Q_Key */
	uint8_t dmac[6];  /* destination MAC, dmac[0] first on the wire */
};

/* MADs waiting in the receive FIFO (GSI_RX_COUNT). */
uint32_t rnic_fw_gsi_rx_count(const struct rnic_fw *fw);

/* Reads the oldest waiting MAD without freeing it: its metadata into *rx,
 * its len payload bytes into mad[0 .. len-1] (the rest of the
 * RNIC_MAD_BYTES buffer is zeroed). Returns 0, -EAGAIN when none waits, or
 * -EIO when GSI_RX_LEN reads above RNIC_MAD_BYTES (the mailbox never keeps
 * such a MAD; nothing is read then). */
int rnic_fw_gsi_rx_read(const struct rnic_fw *fw, struct rnic_fw_gsi_rx *rx, uint8_t *mad);

/* Frees the oldest waiting MAD (GSI_RX_POP); the next one shows. */
void rnic_fw_gsi_rx_pop(const struct rnic_fw *fw);

/* GSI_TX_STATUS.busy: the last MAD is still going out. */
int rnic_fw_gsi_tx_busy(const struct rnic_fw *fw);

/* Sends len bytes of mad[] to *d as a UD SEND ONLY from QP1: waits up to
 * RNIC_FW_GSI_TX_BUSY_SPINS reads of GSI_TX_STATUS for the previous MAD to
 * leave, then writes GSI_TX_DIP, DMAC_LO, DMAC_HI, DQPN, QKEY, LEN, the
 * payload words and GSI_TX_GO. Returns 0, -EINVAL for len outside
 * 1 .. RNIC_MAD_BYTES or a dqpn wider than 24 bits, or -EBUSY when the
 * mailbox stayed busy (nothing written: the caller retries later). */
int rnic_fw_gsi_send(const struct rnic_fw *fw, const struct rnic_fw_gsi_dest *d,
		     const uint8_t *mad, uint32_t len);

#endif /* RNIC_FW_GSI_H */
