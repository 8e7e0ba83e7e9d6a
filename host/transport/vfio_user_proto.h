/*
 * vfio-user wire protocol: the numbers and message layouts both sides use.
 *
 * Written from the vfio-user protocol specification (QEMU
 * docs/interop/vfio-user.rst, protocol version 0.1). Every message is a
 * 16-byte header followed by a command-specific payload; all fields are in
 * host byte order. File descriptors (DMA_MAP backing, SET_IRQS eventfds)
 * travel as SCM_RIGHTS ancillary data on the message's first byte.
 *
 * Included by the client backend (host/transport) and by the server library
 * (sim/vfu).
 */
#ifndef RNIC_VFIO_USER_PROTO_H
#define RNIC_VFIO_USER_PROTO_H

#include <stdint.h>

/* Protocol version this implementation speaks (spec "Version"). */
#define VFU_PROTO_MAJOR 0
#define VFU_PROTO_MINOR 1

/* Command numbers (spec "Commands" table). */
enum vfu_command {
	VFU_CMD_VERSION = 1,
	VFU_CMD_DMA_MAP = 2,
	VFU_CMD_DMA_UNMAP = 3,
	VFU_CMD_DEVICE_GET_INFO = 4,
	VFU_CMD_DEVICE_GET_REGION_INFO = 5,
	VFU_CMD_DEVICE_GET_REGION_IO_FDS = 6,
	VFU_CMD_DEVICE_GET_IRQ_INFO = 7,
	VFU_CMD_DEVICE_SET_IRQS = 8,
	VFU_CMD_REGION_READ = 9,
	VFU_CMD_REGION_WRITE = 10,
	VFU_CMD_DMA_READ = 11,
	VFU_CMD_DMA_WRITE = 12,
	VFU_CMD_DEVICE_RESET = 13,
};

/* Header flags: bits 0-3 message type, bit 4 no reply wanted, bit 5 error. */
#define VFU_FLAG_TYPE_MASK 0xfu
#define VFU_FLAG_TYPE_COMMAND 0x0u
#define VFU_FLAG_TYPE_REPLY 0x1u
#define VFU_FLAG_NO_REPLY (1u << 4)
#define VFU_FLAG_ERROR (1u << 5)

struct vfu_hdr {
	uint16_t msg_id;  /* chosen by the sender, echoed in the reply */
	uint16_t command; /* enum vfu_command, also set in the reply */
	uint32_t size;    /* whole message including this header */
	uint32_t flags;   /* VFU_FLAG_* */
	uint32_t error;   /* errno in an error reply, else 0 */
};

/* VERSION request and reply: followed by an optional NUL-terminated JSON
 * object {"capabilities":{...}}. */
struct vfu_version {
	uint16_t major;
	uint16_t minor;
};

/* DMA_MAP request (no reply payload). An fd in the ancillary data makes the
 * window mappable at `offset` in that file. */
#define VFU_DMA_FLAG_READ (1u << 0)
#define VFU_DMA_FLAG_WRITE (1u << 1)
struct vfu_dma_map {
	uint32_t argsz; /* sizeof(struct vfu_dma_map) */
	uint32_t flags; /* VFU_DMA_FLAG_* */
	uint64_t offset;
	uint64_t address;
	uint64_t size;
};

/* DMA_UNMAP request; the reply echoes it. */
struct vfu_dma_unmap {
	uint32_t argsz;
	uint32_t flags; /* unused in this version: 0 */
	uint64_t address;
	uint64_t size;
};

/* DEVICE_GET_INFO request and reply (struct vfio_device_info). */
#define VFU_DEVICE_FLAG_RESET (1u << 0)
#define VFU_DEVICE_FLAG_PCI (1u << 1)
struct vfu_device_info {
	uint32_t argsz;
	uint32_t flags;
	uint32_t num_regions;
	uint32_t num_irqs; /* IRQ types (indexes), not vectors */
};

/* DEVICE_GET_REGION_INFO request and reply (struct vfio_region_info). */
#define VFU_REGION_FLAG_READ (1u << 0)
#define VFU_REGION_FLAG_WRITE (1u << 1)
#define VFU_REGION_FLAG_MMAP (1u << 2)
#define VFU_REGION_FLAG_CAPS (1u << 3)
struct vfu_region_info {
	uint32_t argsz;
	uint32_t flags;
	uint32_t index;
	uint32_t cap_offset;
	uint64_t size;
	uint64_t offset;
};

/* DEVICE_GET_IRQ_INFO request and reply (struct vfio_irq_info). */
#define VFU_IRQ_INFO_EVENTFD (1u << 0)
#define VFU_IRQ_INFO_MASKABLE (1u << 1)
#define VFU_IRQ_INFO_AUTOMASKED (1u << 2)
#define VFU_IRQ_INFO_NORESIZE (1u << 3)
struct vfu_irq_info {
	uint32_t argsz;
	uint32_t flags;
	uint32_t index;
	uint32_t count;
};

/* DEVICE_SET_IRQS request (struct vfio_irq_set); DATA_BOOL appends `count`
 * bytes, DATA_EVENTFD passes `count` eventfds (none: de-assign). */
#define VFU_IRQ_SET_DATA_NONE (1u << 0)
#define VFU_IRQ_SET_DATA_BOOL (1u << 1)
#define VFU_IRQ_SET_DATA_EVENTFD (1u << 2)
#define VFU_IRQ_SET_ACTION_MASK (1u << 3)
#define VFU_IRQ_SET_ACTION_UNMASK (1u << 4)
#define VFU_IRQ_SET_ACTION_TRIGGER (1u << 5)
#define VFU_IRQ_SET_DATA_MASK (VFU_IRQ_SET_DATA_NONE | VFU_IRQ_SET_DATA_BOOL | VFU_IRQ_SET_DATA_EVENTFD)
#define VFU_IRQ_SET_ACTION_MASK_ALL \
	(VFU_IRQ_SET_ACTION_MASK | VFU_IRQ_SET_ACTION_UNMASK | VFU_IRQ_SET_ACTION_TRIGGER)
struct vfu_irq_set {
	uint32_t argsz;
	uint32_t flags;
	uint32_t index;
	uint32_t start;
	uint32_t count;
};

/* PCI IRQ and region indexes (as in <linux/vfio.h>). */
#define VFU_PCI_INTX_IRQ_INDEX 0u
#define VFU_PCI_MSI_IRQ_INDEX 1u
#define VFU_PCI_MSIX_IRQ_INDEX 2u
#define VFU_PCI_ERR_IRQ_INDEX 3u
#define VFU_PCI_REQ_IRQ_INDEX 4u
#define VFU_PCI_NUM_IRQS 5u
#define VFU_PCI_BAR0_REGION_INDEX 0u
#define VFU_PCI_CONFIG_REGION_INDEX 7u
#define VFU_PCI_NUM_REGIONS 9u

/* REGION_READ/REGION_WRITE request and reply: READ replies and WRITE
 * requests append `count` data bytes. */
struct vfu_region_access {
	uint64_t offset;
	uint32_t region;
	uint32_t count;
};

/* DMA_READ/DMA_WRITE (server to client): READ replies and WRITE requests
 * append `count` data bytes. */
struct vfu_dma_access {
	uint64_t address;
	uint64_t count;
};

/* Limits this implementation advertises in its VERSION capabilities. */
#define VFU_MAX_DATA_XFER 65536u /* max_data_xfer_size */
#define VFU_MAX_MSG_FDS 32u      /* max_msg_fds */
#define VFU_MAX_DMA_MAPS 4096u   /* max_dma_maps */
/* Largest message either side accepts. */
#define VFU_MAX_MSG_SIZE (sizeof(struct vfu_hdr) + sizeof(struct vfu_region_access) + VFU_MAX_DATA_XFER)
/* Longest VERSION JSON accepted. */
#define VFU_MAX_VERSION_JSON 1024u

#endif /* RNIC_VFIO_USER_PROTO_H */
