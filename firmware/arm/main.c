/* rnic firmware on the embedded core: one static firmware instance over an
 * MMIO hal, woken by the firmware-port interrupt. */
#include <stdint.h>

#include "rnic_fw.h"
#include "rnic_fw_arm.h"

/* Port identity and table sizes of this build. */
static const struct rnic_fw_config rnic_fw_arm_config = {
	.mac = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 }, /* locally administered */
	.ipv4 = 0x0A000001u,                          /* 10.0.0.1 */
	.log_qps = RNIC_LOG_QPS,
	.log_cqs = RNIC_LOG_CQS,
	.log_mrs = RNIC_LOG_MRS,
	.log_pds = RNIC_LOG_PDS,
	.log_srqs = RNIC_LOG_SRQS,
	.db_pages = RNIC_DB_PAGES,
};

static struct rnic_fw rnic_fw_arm_fw;
static volatile uint32_t rnic_fw_arm_irq_seen;

static uint32_t rnic_fw_arm_read32(void *opaque, uint32_t off)
{
	return *(volatile const uint32_t *)((uintptr_t)opaque + off);
}

static void rnic_fw_arm_write32(void *opaque, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)((uintptr_t)opaque + off) = v;
}

/* Acknowledge at the port (FW_IRQ_STATUS is w1c) and wake the main loop. */
void rnic_fw_port_irq_handler(void)
{
	rnic_fw_arm_write32((void *)(uintptr_t)RNIC_FW_ARM_PORT_BASE, RNIC_FW_IRQ_STATUS, 1u);
	rnic_fw_arm_irq_seen = 1;
}

int main(void)
{
	const struct rnic_fw_hal hal = {
		.opaque = (void *)(uintptr_t)RNIC_FW_ARM_PORT_BASE,
		.read32 = rnic_fw_arm_read32,
		.write32 = rnic_fw_arm_write32,
	};

	if (rnic_fw_init(&rnic_fw_arm_fw, &hal, &rnic_fw_arm_config) != 0)
		return 1;
	*(volatile uint32_t *)RNIC_FW_ARM_NVIC_ISER0 = 1u << RNIC_FW_ARM_PORT_IRQ;

	for (;;) {
		/* With PRIMASK set, a pending interrupt still ends WFI, so no
		 * interrupt between the check and the sleep is lost. */
		__asm volatile("cpsid i" ::: "memory");
		if (!rnic_fw_arm_irq_seen)
			__asm volatile("wfi" ::: "memory");
		rnic_fw_arm_irq_seen = 0;
		__asm volatile("cpsie i" ::: "memory");
		(void)rnic_fw_poll(&rnic_fw_arm_fw);
	}
}
