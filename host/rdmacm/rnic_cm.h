/*
 * rnic librdmacm: internal objects shared by the library's files.
 *
 * The connection manager runs in the firmware (docs/cm.md); this library
 * drives it through the CM_* commands of include/rnic.toml, run on a
 * context of this build's libibverbs through its private interface
 * (host/verbs/rnic_priv.h). Every rdma_cm_id, rdma_event_channel and
 * rdma_cm_event the application sees is the first member of an rnic_cm_*
 * object.
 *
 * The API has no object every call hangs off (rdma_create_id takes none),
 * so the process-wide state lives in one structure, rnic_cm_lib: the device
 * table (each device opened at most once per process, shared by every ID
 * on it) and the list of IDs the firmware's events are routed by. One
 * mutex guards it, the channels' event queues and the IDs' state.
 */
#ifndef RNIC_CM_H
#define RNIC_CM_H

#include <infiniband/verbs.h>
#include <pthread.h>
#include <rdma/rdma_cma.h>
#include <stdint.h>

#include "rnic_contract.h"

#define RNIC_CM_EXPORT __attribute__((visibility("default")))

/* Environment: the device a listener on the wildcard address listens on
 * (a device name, as ibv_devices prints it); default the first device. */
#define RNIC_CM_ENV_DEV "RNIC_CM_DEV"

/* Ephemeral ports (port 0 in rdma_bind_addr, or no bind before
 * rdma_resolve_addr): the IANA dynamic range, handed out in order. */
#define RNIC_CM_PORT_FIRST 49152u
#define RNIC_CM_PORT_LAST 65535u

/* Connection defaults: local ACK timeout exponent (4.096 us * 2^14 =
 * 67 ms) unless RDMA_OPTION_ID_ACK_TIMEOUT sets one, minimum RNR NAK timer
 * code 12 (0.64 ms, IBA table 45), hop limit of the RoCEv2 GRH. */
#define RNIC_CM_ACK_TIMEOUT 14u
#define RNIC_CM_MIN_RNR_TIMER 12u
#define RNIC_CM_HOP_LIMIT 64u

/* REJ reasons (IBA 12.6.7.2 table 112) and SIDR_REP status (12.11.2) the
 * library sends. */
#define RNIC_CM_REJ_CONSUMER 28u
#define RNIC_CM_REJ_VENDOR_OPTION 35u
#define RNIC_CM_SIDR_REJECT 2u

/* Private data an application may pass (IBA 12.6 message sizes, less the
 * 36-byte RDMA CM header the firmware puts ahead of REQ and SIDR_REQ
 * data): rdma_connect(3), rdma_accept(3). */
#define RNIC_CM_PDATA_REQ 56u
#define RNIC_CM_PDATA_SIDR_REQ 180u
#define RNIC_CM_PDATA_REP 196u
#define RNIC_CM_PDATA_SIDR_REP 136u
#define RNIC_CM_PDATA_REJ 148u

struct rnic_cm_dev {
	struct ibv_device *ibdev;   /* entry of rnic_cm_lib.list */
	int index;                  /* place in that list */
	int addr_known;             /* ipv4 holds the device's address */
	int from_inet;              /* ... read from <name>.inet (a simulated NIC) */
	uint32_t ipv4;              /* first octet in bits 31:24 */
	/* Opened on first use and kept until the process exits (rdma-core
	 * keeps its devices open while the library is loaded,
	 * rdma_get_devices(3)); the application's PDs, CQs and MRs live on
	 * this context, so it may not go while an ID is destroyed. */
	struct ibv_context *verbs;
	struct ibv_pd *pd;          /* default PD (rdma_create_qp(3)), allocated on demand */
	int efd;                    /* CM notification eventfd (vector below) */
	int vector;
	pthread_mutex_t drain_lock; /* one drain of the firmware's events at a time */
	uint8_t active_mtu;         /* enum ibv_mtu of port 1 */
	uint8_t max_rd_atom;        /* device max_qp_rd_atom */
	uint8_t max_init_rd_atom;   /* device max_qp_init_rd_atom */
};

enum rnic_cm_state {
	RNIC_CM_IDLE,
	RNIC_CM_BOUND,          /* rdma_bind_addr */
	RNIC_CM_ADDR_RESOLVED,
	RNIC_CM_ROUTE_RESOLVED,
	RNIC_CM_LISTEN,
	RNIC_CM_CONNECT,        /* REQ or SIDR_REQ sent */
	RNIC_CM_CONN_RESP,      /* REP received, no QP: rdma_establish sends the RTU */
	RNIC_CM_CONN_REQ,       /* passive: REQ or SIDR_REQ received */
	RNIC_CM_ACCEPTED,       /* passive: REP sent, RTU awaited */
	RNIC_CM_ESTABLISHED,
	RNIC_CM_DREQ_SENT,      /* rdma_disconnect: DREP awaited */
	RNIC_CM_DREQ_RCVD,      /* the peer disconnected: DREP owed */
	RNIC_CM_CLOSED,         /* disconnected, or rejected, or failed */
};

struct rnic_cm_evt;

/* An event channel: ch.fd is an epoll descriptor over the CM
 * notification eventfds of the devices its IDs are on and over efd, which
 * is readable exactly while the channel's own queue holds events. */
struct rnic_cm_chan {
	struct rdma_event_channel ch;
	int efd;
	struct rnic_cm_evt *head, *tail;
	unsigned *devref;         /* per device: IDs of this channel on it */
};

struct rnic_cm_id {
	struct rdma_cm_id id;
	struct rnic_cm_id *prev, *next;   /* rnic_cm_lib.ids */
	struct rnic_cm_chan *chan;        /* where its events go */
	int sync;                         /* created without a channel: chan is its own */
	struct rnic_cm_dev *dev;          /* bound device, or NULL */
	uint32_t fw;                      /* the firmware's CM ID, when has_fw */
	int has_fw;
	enum rnic_cm_state state;
	int bound_any;                    /* bound to the wildcard address */
	int port_held;                    /* its port counts against later binds */
	int disc_pending;                 /* a DISCONNECTED event is queued */
	/* rdma_set_option */
	uint8_t tos;
	int reuseaddr;
	int afonly;
	uint8_t ack_timeout;
	struct ibv_ece ece;               /* rdma_set_local_ece: stored only */
	/* the connection: the peer, and the QP attributes negotiated */
	uint32_t remote_ip;
	uint32_t remote_qpn;
	uint32_t remote_psn;
	uint32_t local_psn;
	int has_psn;
	int conn_known;                   /* REQ or REP seen: RTR attributes known */
	uint8_t mtu;                      /* enum ibv_mtu */
	uint8_t max_rd_atomic;            /* RDMA reads this side may have outstanding */
	uint8_t max_dest_rd_atomic;       /* ... the peer may have outstanding here */
	uint8_t retry_cnt;
	uint8_t rnr_retry;                /* RNR retries of this side's sends */
	uint8_t req_resp_res;             /* passive: the REQ's responder resources */
	uint8_t req_init_depth;           /* ... and initiator depth */
	/* events handed out by rdma_get_cm_event and not acknowledged (a
	 * CONNECT_REQUEST counts on its listener); rdma_destroy_id and
	 * rdma_migrate_id wait on cond for 0 */
	uint32_t events_out;
	pthread_cond_t cond;
	/* rdma_create_ep on the passive side: what rdma_get_request creates
	 * the new ID's QP with */
	struct ibv_pd *ep_pd;
	struct ibv_qp_init_attr *ep_attr;
	/* CQs and channels rdma_create_qp / rdma_create_srq_ex made (also
	 * in id.send_cq, ...) */
	int own_cqs;
	struct ibv_sa_path_rec path;      /* id.route.path_rec once resolved */
};

struct rnic_cm_evt {
	struct rdma_cm_event ev;
	struct rnic_cm_evt *next;
	uint8_t pdata[RNIC_CM_MAX_PDATA];
};

struct rnic_cm_lib {
	pthread_mutex_t lock;
	struct ibv_device **list;   /* ibv_get_device_list, kept */
	int ndev;
	struct rnic_cm_dev *devs;
	struct rnic_cm_id ids;      /* list head (id unused) */
	uint32_t next_port;         /* next ephemeral port to try */
	uint32_t psn_seq;           /* starting PSNs handed out */
};

extern struct rnic_cm_lib rnic_cm;

static inline struct rnic_cm_id *rnic_cm_priv(struct rdma_cm_id *id)
{
	return (struct rnic_cm_id *)id;
}

/* --- rnic_cm_dev.c: devices, addresses, ports --- */
/* The process state, initialized once (device discovery; never connects). */
void rnic_cm_init(void);
/* Opens d if it is not open (lock held): context, notification vector,
 * CM_NOTIFY, limits, address. 0 or an errno. */
int rnic_cm_dev_open(struct rnic_cm_dev *d);
/* The device of IPv4 address ip (lock held), or NULL. May open boards to
 * learn their address (simulated NICs: <name>.inet, never opened). */
struct rnic_cm_dev *rnic_cm_dev_by_ip(uint32_t ip);
/* The device rdma_resolve_addr sends to dst from (lock held): a NIC on
 * dst's /24 that is not dst, lowest name first. *status: 0, -ENODEV (no
 * device reaches dst) or -ETIMEDOUT (dst is no NIC's address: what an
 * unanswered ARP gives). */
struct rnic_cm_dev *rnic_cm_dev_route(uint32_t dst, int *status);
/* The same rule for one device (lock held): 0, -ENODEV or -ETIMEDOUT. */
int rnic_cm_dev_reach(struct rnic_cm_dev *d, uint32_t dst);
/* The device a wildcard listener listens on: $RNIC_CM_DEV, else the
 * first. */
struct rnic_cm_dev *rnic_cm_dev_any(void);
/* The default PD of an open device (lock held), or NULL with errno. */
struct ibv_pd *rnic_cm_dev_pd(struct rnic_cm_dev *d);
/* An ephemeral port free in port space ps (lock held), host order; 0 when
 * none is. */
uint16_t rnic_cm_port_alloc(enum rdma_port_space ps);
/* Whether binding ip:port in ps conflicts with an ID of this process
 * (lock held). */
int rnic_cm_port_busy(const struct rnic_cm_id *self, uint32_t ip, uint16_t port);
/* A starting PSN for a connection (deterministic per process). */
uint32_t rnic_cm_psn_next(uint32_t qpn);

/* --- rnic_cm_event.c: channels, events, the firmware's event queue --- */
struct rnic_cm_chan *rnic_cm_chan_new(void);
void rnic_cm_chan_free(struct rnic_cm_chan *c);
/* An ID of channel c is now on device d, or no longer (lock held). */
void rnic_cm_chan_dev_get(struct rnic_cm_chan *c, struct rnic_cm_dev *d);
void rnic_cm_chan_dev_put(struct rnic_cm_chan *c, struct rnic_cm_dev *d);
/* A new event for id (lock held), queued on chan (NULL: id's channel). */
struct rnic_cm_evt *rnic_cm_evt_new(struct rnic_cm_id *id, enum rdma_cm_event_type type,
				    int status);
void rnic_cm_evt_queue(struct rnic_cm_chan *c, struct rnic_cm_evt *e);
/* Takes every event of the firmware's queue for d's user context and
 * turns it into rdma_cm events (rnic_cm_fw_event). Called without lock. */
void rnic_cm_dev_drain(struct rnic_cm_dev *d);
/* Synchronous IDs: acknowledges id.event, waits for the ID's next event
 * and keeps it in id.event; 0, or -1 with errno from the event's status. */
int rnic_cm_complete(struct rnic_cm_id *p);
/* Removes id's queued events from its channel and returns the CONNECT
 * REQUESTs of a listener that nobody took, whose new IDs the caller
 * destroys (lock held). */
struct rnic_cm_evt *rnic_cm_evt_purge(struct rnic_cm_id *p);

/* --- rnic_cm_id.c: IDs and the connection flow --- */
/* One firmware event (cmd_cm_event_out `out`, its private data) on
 * device d, under the lock. */
void rnic_cm_fw_event(struct rnic_cm_dev *d, const uint32_t *out, const uint8_t *pdata);
/* An ID (lock held): linked, on channel c (NULL: a channel of its own). */
struct rnic_cm_id *rnic_cm_id_new(struct rdma_event_channel *c, void *context,
				  enum rdma_port_space ps);
/* Frees an ID the application never saw (a request nobody took): the
 * firmware ID goes, which rejects the request. Called without lock. */
void rnic_cm_id_drop(struct rnic_cm_id *p);
/* Runs a CM command on the ID's device. 0 or an errno. */
int rnic_cm_cmd(struct rnic_cm_dev *d, uint32_t op, uint32_t handle, uint32_t *in, uint32_t *out);
/* Fills an address vector to the peer ip (RoCEv2: IPv4-mapped GID). */
void rnic_cm_ah_fill(struct ibv_ah_attr *ah, uint32_t ip, uint8_t tclass);
/* The QP type an ID connects (its QP's, else the port space's). */
enum ibv_qp_type rnic_cm_qp_type(const struct rnic_cm_id *p);

/* --- rnic_cm_qp.c: QPs and their transitions --- */
/* rdma_init_qp_attr for one state; 0 or an errno. */
int rnic_cm_qp_attr(struct rnic_cm_id *p, enum ibv_qp_state state, struct ibv_qp_attr *attr,
		    int *mask);
/* Moves id.qp to state (through rnic_cm_qp_attr); 0 or an errno. */
int rnic_cm_qp_modify(struct rnic_cm_id *p, enum ibv_qp_state state);
/* Moves id.qp to the error state (flushing its work requests). */
int rnic_cm_qp_error(struct rnic_cm_id *p);

#endif /* RNIC_CM_H */
