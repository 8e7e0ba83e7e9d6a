/* Internal interfaces between the firmware's source files. */
#ifndef RNIC_FW_INTERNAL_H
#define RNIC_FW_INTERNAL_H

#include <stddef.h>

#include "rnic_fw.h"

/* Word 2 onwards of a command holds its per-command layout; the generated
 * accessors take the whole 32-word command, header included. */

/* Firmware port access (rnic_fw.c). */
uint32_t rnic_fw_rd(const struct rnic_fw *fw, uint32_t off);
void rnic_fw_wr(const struct rnic_fw *fw, uint32_t off, uint32_t v);

/* Context-table access (rnic_fw.c). */
void rnic_fw_ctx_write(struct rnic_fw *fw, uint32_t table, uint32_t index,
		       const uint32_t *words, uint32_t nwords);
void rnic_fw_words_zero(uint32_t *w, uint32_t n);
void rnic_fw_words_copy(uint32_t *dst, const uint32_t *src, uint32_t n);

/* floor(log2(v)) for v >= 1; 0 for v = 0. */
uint32_t rnic_fw_log2(uint32_t v);

/* Ownership: the caller's uctx (cmd_in.uctx) is live. */
int rnic_fw_uctx_live(const struct rnic_fw *fw, uint32_t uctx);
/* The PD pdn exists and belongs to uctx. */
int rnic_fw_pd_owned(const struct rnic_fw *fw, uint32_t uctx, uint32_t pdn);
/* The CQ cqn exists and belongs to uctx. */
int rnic_fw_cq_owned(const struct rnic_fw *fw, uint32_t uctx, uint32_t cqn);
/* The XRC domain xrcdn is open and belongs to uctx. */
int rnic_fw_xrcd_owned(const struct rnic_fw *fw, uint32_t uctx, uint32_t xrcdn);
/* The SRQ srqn exists and belongs to the live uctx; NULL otherwise. */
struct rnic_fw_srq *rnic_fw_srq_owned(struct rnic_fw *fw, uint32_t uctx, uint32_t srqn);

/* Objects of one uctx (for FREE_UCTX) and their commands. */
uint32_t rnic_fw_cmd_query_device(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_query_port(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_alloc_uctx(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_free_uctx(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_alloc_pd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_dealloc_pd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_open_xrcd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_close_xrcd(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_create_cq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_destroy_cq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_reg_mr(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_dereg_mr(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_alloc_mw(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_dealloc_mw(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
/* Memory windows (rnic_fw_res.c): drop the window's binding to its region;
 * write its hardware entry as allocated and unbound. */
void rnic_fw_mw_unbind(struct rnic_fw *fw, uint32_t idx);
void rnic_fw_mw_write_unbound(struct rnic_fw *fw, uint32_t idx);
uint32_t rnic_fw_cmd_create_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_modify_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_query_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_destroy_qp(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_create_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_destroy_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_modify_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_query_srq(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_create_flow(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_destroy_flow(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);

/* Connection manager (rnic_fw_cm.c; rnic_fw_cm.h has the rest). */
uint32_t rnic_fw_cmd_cm_notify(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_create_id(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_listen(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_connect(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_accept(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_reject(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_establish(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_disconnect(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_destroy(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_pdata(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_get_event(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);
uint32_t rnic_fw_cmd_cm_ack_event(struct rnic_fw *fw, const uint32_t *in, uint32_t *out);

/* The node GUID (QUERY_DEVICE, the CM's local CA GUID): EUI-64 of the port
 * MAC, guid[0] the most significant byte (rnic_fw_res.c). */
void rnic_fw_node_guid(const struct rnic_fw *fw, uint8_t *guid);

/* Flow steering rules (rnic_fw_flow.c): how many steer to QP qpn; remove
 * every rule of uctx (FREE_UCTX, before its QPs). */
uint32_t rnic_fw_qp_flows(const struct rnic_fw *fw, uint32_t qpn);
void rnic_fw_flows_free_uctx(struct rnic_fw *fw, uint32_t uctx);

/* Reports one asynchronous event to the host at once (aeqe, FW_AEQ_PI);
 * lost and counted when the host's event slots are full. */
void rnic_fw_aeq_report(struct rnic_fw *fw, uint32_t event, uint32_t uctx, uint32_t element);

/* Destroys a QP (context written as zero, references dropped); no checks. */
void rnic_fw_qp_destroy(struct rnic_fw *fw, uint32_t qpn);
/* Destroys an SRQ (context written as zero, PD reference dropped, and an
 * XRC SRQ's domain and CQ references); no checks: the caller has destroyed
 * the QPs attached to it. */
void rnic_fw_srq_destroy(struct rnic_fw *fw, uint32_t srqn);

#endif /* RNIC_FW_INTERNAL_H */
