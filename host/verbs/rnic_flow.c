/*
 * Flow steering: ibv_create_flow(3) and ibv_destroy_flow(3), installed as
 * the verbs_context ops of the same names, which the inline wrappers of
 * <infiniband/verbs.h> call.
 *
 * A rule is one entry of the device's FLOW table (CREATE_FLOW,
 * DESTROY_FLOW): the destination MAC, source MAC and EtherType of a
 * received frame, each under a mask, steer the frame to a RAW_PACKET QP.
 * The device matches frames that are not RoCEv2 for its port against the
 * valid entries in index order and the lowest matching index wins. The
 * firmware gives a new rule the lowest free entry, so rules match in the
 * order they were created until one is destroyed and its entry reused.
 * flow_attr->priority is accepted and not used: the device has no way to
 * order rules other than by index.
 */
#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_verbs.h"

/* The common head of every struct ibv_flow_spec_* (verbs.h). */
struct rnic_flow_spec_hdr {
	enum ibv_flow_spec_type type;
	uint16_t size;
};

/*
 * ibv_create_flow(3): the specs follow the ibv_flow_attr in memory,
 * num_of_specs of them, each as long as its own size field says, and
 * attr->size covers the attribute and every spec (as the page's example
 * builds it: sizeof of a packed struct of the attribute and its specs).
 * Accepted: type IBV_FLOW_ATTR_NORMAL, flags 0, comp_mask 0, and
 * IBV_FLOW_SPEC_ETH specs (at most one: a frame has one Ethernet header)
 * with no VLAN match (mask.vlan_tag 0). Network order in the spec (the
 * page: "Network parameters ... should be given in network order"): the
 * MACs are byte arrays, ether_type is big endian. The device compares
 * frame bytes 12..13 with ether_type; it does not skip VLAN tags (the
 * page's NOTES 3 speaks of the EtherType after the last tag), so a tagged
 * frame shows its TPID there. No spec: every field unmasked, the rule
 * takes every frame the device steers.
 */
int rnic_flow_attr_parse(const struct ibv_flow_attr *attr, uint32_t *in)
{
	const uint8_t *p = (const uint8_t *)(attr + 1);
	size_t left;
	int have_eth = 0;

	if (attr->comp_mask || attr->type != IBV_FLOW_ATTR_NORMAL || attr->flags)
		return EOPNOTSUPP;
	if (attr->size < sizeof(*attr))
		return EINVAL;
	left = attr->size - sizeof(*attr);
	for (unsigned i = 0; i < attr->num_of_specs; i++) {
		struct rnic_flow_spec_hdr h;
		struct ibv_flow_spec_eth eth;

		if (left < sizeof(h))
			return EINVAL;
		memcpy(&h, p, sizeof(h)); /* a packed attribute may misalign it */
		if (h.size < sizeof(h) || h.size > left)
			return EINVAL;
		if (h.type != IBV_FLOW_SPEC_ETH)
			return EOPNOTSUPP; /* L3/L4, tunnels, inner headers, actions */
		if (h.size != sizeof(eth) || have_eth)
			return EINVAL;
		memcpy(&eth, p, sizeof(eth));
		if (eth.mask.vlan_tag)
			return EOPNOTSUPP;
		have_eth = 1;
		rnic_cmd_create_flow_in_set_dmac_lo(in, rnic_mac_lo(eth.val.dst_mac));
		rnic_cmd_create_flow_in_set_dmac_hi(in, rnic_mac_hi(eth.val.dst_mac));
		rnic_cmd_create_flow_in_set_dmac_mask_lo(in, rnic_mac_lo(eth.mask.dst_mac));
		rnic_cmd_create_flow_in_set_dmac_mask_hi(in, rnic_mac_hi(eth.mask.dst_mac));
		rnic_cmd_create_flow_in_set_smac_lo(in, rnic_mac_lo(eth.val.src_mac));
		rnic_cmd_create_flow_in_set_smac_hi(in, rnic_mac_hi(eth.val.src_mac));
		rnic_cmd_create_flow_in_set_smac_mask_lo(in, rnic_mac_lo(eth.mask.src_mac));
		rnic_cmd_create_flow_in_set_smac_mask_hi(in, rnic_mac_hi(eth.mask.src_mac));
		/* frame byte 12 in [15:8] */
		rnic_cmd_create_flow_in_set_ethertype(in, be16toh(eth.val.ether_type));
		rnic_cmd_create_flow_in_set_ethertype_mask(in, be16toh(eth.mask.ether_type));
		p += h.size;
		left -= h.size;
	}
	if (left != 0)
		return EINVAL; /* size and the specs disagree */
	return 0;
}

/*
 * ibv_create_flow(3): NULL with errno on failure. EINVAL: no attribute, a
 * QP that is not a RAW_PACKET QP of this library (frames are steered to
 * RAW_PACKET QPs only), a port other than 1, or a flow_attr whose sizes or
 * counts disagree; EOPNOTSUPP: what the device cannot match
 * (rnic_flow_attr_parse); ENOMEM: no memory or no free entry in the
 * device's table (2^LOG_FLOWS rules per device).
 */
struct ibv_flow *rnic_create_flow(struct ibv_qp *qp, struct ibv_flow_attr *flow_attr)
{
	uint32_t in[RNIC_CMD_IN_WORDS] = {0}, out[RNIC_CMD_OUT_WORDS];
	struct rnic_context *ctx;
	struct rnic_flow *flow;
	int err;

	if (!qp || !flow_attr) {
		errno = EINVAL;
		return NULL;
	}
	err = rnic_flow_attr_parse(flow_attr, in);
	if (!err && (qp->qp_type != IBV_QPT_RAW_PACKET || flow_attr->port != 1))
		err = EINVAL;
	if (err) {
		errno = err;
		return NULL;
	}
	ctx = rnic_ctx(qp->context);
	flow = calloc(1, sizeof(*flow));
	if (!flow) {
		errno = ENOMEM;
		return NULL;
	}
	rnic_cmd_create_flow_in_set_qpn(in, qp->qp_num);
	err = rnic_cmd_exec(ctx, RNIC_CMD_OP_CREATE_FLOW, 0, in, out);
	if (err) {
		free(flow);
		errno = err;
		return NULL;
	}
	flow->ibflow.context = qp->context;
	flow->ibflow.handle = rnic_cmd_out_get_handle(out);
	rnic_obj_link(ctx, &flow->obj, RNIC_OBJ_FLOW);
	return &flow->ibflow;
}

int rnic_flow_destroy(struct rnic_flow *flow, int force)
{
	struct rnic_context *ctx = rnic_ctx(flow->ibflow.context);
	uint32_t in[RNIC_CMD_IN_WORDS] = {0};
	int err = rnic_cmd_exec(ctx, RNIC_CMD_OP_DESTROY_FLOW, flow->ibflow.handle, in, NULL);

	if (err && !force)
		return err;
	rnic_obj_unlink(ctx, &flow->obj);
	free(flow);
	return err;
}

/* ibv_destroy_flow(3): 0, or the errno of the failure (the rule stays). */
int rnic_destroy_flow(struct ibv_flow *flow)
{
	struct rnic_context *ctx;
	int err;

	if (!flow)
		return EINVAL;
	ctx = rnic_ctx(flow->context);
	pthread_mutex_lock(&ctx->vctx.context.mutex);
	err = rnic_flow_destroy((struct rnic_flow *)flow, 0);
	pthread_mutex_unlock(&ctx->vctx.context.mutex);
	return err;
}
