/* Cortex-M4 vector table and reset handler (ARMv7-M ARM B1.5): word 0 is
 * the initial stack pointer, word 1 the reset handler (Thumb bit set), then
 * the 14 system exceptions, then external interrupts from IRQ0. */
#include <stdint.h>

#include "rnic_fw_arm.h"

extern uint32_t _estack, _sidata, _sdata, _edata, _sbss, _ebss;

int main(void);
void rnic_fw_reset_handler(void);
void rnic_fw_default_handler(void);

void rnic_fw_default_handler(void)
{
	for (;;)
		__asm volatile("bkpt #0");
}

/* Copies .data from flash, zeroes .bss, runs main. */
void rnic_fw_reset_handler(void)
{
	uint32_t *src = &_sidata;
	uint32_t *dst = &_sdata;

	while (dst < &_edata)
		*dst++ = *src++;
	for (dst = &_sbss; dst < &_ebss; dst++)
		*dst = 0;
	(void)main();
	for (;;)
		__asm volatile("wfi");
}

typedef void (*rnic_fw_vector)(void);

__attribute__((section(".isr_vector"), used))
const rnic_fw_vector rnic_fw_vectors[16 + RNIC_FW_ARM_IRQS] = {
	(rnic_fw_vector)(uintptr_t)&_estack,
	rnic_fw_reset_handler,
	rnic_fw_default_handler, /* NMI */
	rnic_fw_default_handler, /* HardFault */
	rnic_fw_default_handler, /* MemManage */
	rnic_fw_default_handler, /* BusFault */
	rnic_fw_default_handler, /* UsageFault */
	0, 0, 0, 0,              /* reserved */
	rnic_fw_default_handler, /* SVCall */
	rnic_fw_default_handler, /* DebugMonitor */
	0,                       /* reserved */
	rnic_fw_default_handler, /* PendSV */
	rnic_fw_default_handler, /* SysTick */
	[16 + RNIC_FW_ARM_PORT_IRQ] = rnic_fw_port_irq_handler,
};
