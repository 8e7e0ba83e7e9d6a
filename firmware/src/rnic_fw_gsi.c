/* GSI mailbox driver: QP1's MADs in and out through FW GSI_* (regblock "fw",
 * docs/rtl-interfaces.md "GSI mailbox"). */
#include <errno.h>

#include "rnic_fw_gsi.h"
#include "rnic_fw_internal.h"

uint32_t rnic_fw_gsi_rx_count(const struct rnic_fw *fw)
{
	return rnic_fw_rd(fw, RNIC_FW_GSI_RX_COUNT);
}

int rnic_fw_gsi_rx_read(const struct rnic_fw *fw, struct rnic_fw_gsi_rx *rx, uint8_t *mad)
{
	uint32_t len, mac_lo, mac_hi;

	if (rnic_fw_gsi_rx_count(fw) == 0)
		return -EAGAIN;
	len = rnic_fw_rd(fw, RNIC_FW_GSI_RX_LEN);
	if (len > RNIC_MAD_BYTES)
		return -EIO;
	rx->len = len;
	rx->sip = rnic_fw_rd(fw, RNIC_FW_GSI_RX_SIP);
	rx->sqpn = rnic_fw_rd(fw, RNIC_FW_GSI_RX_SQPN) & 0xFFFFFFu;
	rx->pkey = (uint16_t)rnic_fw_rd(fw, RNIC_FW_GSI_RX_PKEY);
	/* MAC bytes 2..5 in SMAC_LO (byte 5 in [7:0]), 0..1 in SMAC_HI */
	mac_lo = rnic_fw_rd(fw, RNIC_FW_GSI_RX_SMAC_LO);
	mac_hi = rnic_fw_rd(fw, RNIC_FW_GSI_RX_SMAC_HI);
	rx->smac[0] = (uint8_t)(mac_hi >> 8);
	rx->smac[1] = (uint8_t)mac_hi;
	rx->smac[2] = (uint8_t)(mac_lo >> 24);
	rx->smac[3] = (uint8_t)(mac_lo >> 16);
	rx->smac[4] = (uint8_t)(mac_lo >> 8);
	rx->smac[5] = (uint8_t)mac_lo;
	/* only the words that hold payload are read: byte 4k in [31:24] of word k */
	for (uint32_t k = 0; k < RNIC_MAD_BYTES / 4u; k++) {
		uint32_t w = 4u * k < len ? rnic_fw_rd(fw, RNIC_FW_GSI_RX_DATA + 4u * k) : 0;

		for (uint32_t b = 0; b < 4u; b++)
			mad[4u * k + b] = 4u * k + b < len ? (uint8_t)(w >> (24u - 8u * b)) : 0;
	}
	return 0;
}

void rnic_fw_gsi_rx_pop(const struct rnic_fw *fw)
{
	rnic_fw_wr(fw, RNIC_FW_GSI_RX_POP, 1u);
}

int rnic_fw_gsi_tx_busy(const struct rnic_fw *fw)
{
	return (rnic_fw_rd(fw, RNIC_FW_GSI_TX_STATUS) & 1u) != 0;
}

int rnic_fw_gsi_send(const struct rnic_fw *fw, const struct rnic_fw_gsi_dest *d,
		     const uint8_t *mad, uint32_t len)
{
	uint32_t spins = 0;

	if (len == 0 || len > RNIC_MAD_BYTES || d->dqpn > 0xFFFFFFu)
		return -EINVAL;
	/* the registers and payload of a MAD still going out must not change */
	while (rnic_fw_gsi_tx_busy(fw))
		if (++spins >= RNIC_FW_GSI_TX_BUSY_SPINS)
			return -EBUSY;
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_DIP, d->dip);
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_DMAC_LO,
		   (uint32_t)d->dmac[2] << 24 | (uint32_t)d->dmac[3] << 16 |
			   (uint32_t)d->dmac[4] << 8 | d->dmac[5]);
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_DMAC_HI, (uint32_t)d->dmac[0] << 8 | d->dmac[1]);
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_DQPN, d->dqpn);
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_QKEY, d->qkey);
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_LEN, len);
	/* byte 4k in [31:24] of word k; the last word is zero past len */
	for (uint32_t k = 0; 4u * k < len; k++) {
		uint32_t w = 0;

		for (uint32_t b = 0; b < 4u; b++)
			if (4u * k + b < len)
				w |= (uint32_t)mad[4u * k + b] << (24u - 8u * b);
		rnic_fw_wr(fw, RNIC_FW_GSI_TX_DATA + 4u * k, w);
	}
	rnic_fw_wr(fw, RNIC_FW_GSI_TX_GO, 1u);
	return 0;
}
