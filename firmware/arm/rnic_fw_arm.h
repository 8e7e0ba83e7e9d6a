/* The firmware's Cortex-M4 board: where the firmware port sits. */
#ifndef RNIC_FW_ARM_H
#define RNIC_FW_ARM_H

/* Base address of the firmware port (regblock "fw") on the core's bus. */
#define RNIC_FW_ARM_PORT_BASE 0x40000000u
/* External interrupt line of the firmware port (FW_IRQ_STATUS[0]). */
#define RNIC_FW_ARM_PORT_IRQ 0u
/* External interrupts in the vector table. */
#define RNIC_FW_ARM_IRQS 1u

/* NVIC interrupt set-enable register 0 (ARMv7-M ARM B3.4.4). */
#define RNIC_FW_ARM_NVIC_ISER0 0xE000E100u

void rnic_fw_port_irq_handler(void);

#endif /* RNIC_FW_ARM_H */
