/*
 * rdma_getaddrinfo(3) and rdma_freeaddrinfo.
 *
 * Names and numeric addresses go through getaddrinfo(3) (IPv4 unless the
 * hints ask for AF_INET6); services are port numbers or service names. One
 * result, for the first address: with RAI_PASSIVE it is the source (the
 * wildcard address without a node), otherwise the destination, and the
 * source is the address of the NIC that would send to it (the routing rule
 * of rdma_resolve_addr, from the simulator's .inet files; no device is
 * opened; ai_src_len 0 when none is known), or the hints' source.
 * ai_port_space and ai_qp_type come from the hints, each completing the
 * other (UD and RDMA_PS_UDP; RC and RDMA_PS_TCP by default). No route or
 * connect data is returned. Errors: the EAI_* codes of getaddrinfo, or -1
 * with errno.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>

#include "rnic_cm.h"

static struct sockaddr *rnic_cm_sa_dup(const struct sockaddr *sa, socklen_t len)
{
	struct sockaddr *c = malloc(len);

	if (c)
		memcpy(c, sa, len);
	return c;
}

static socklen_t rnic_cm_sa_len(const struct sockaddr *sa)
{
	return sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
}

/* The source of an active result: the sending NIC's address, from the
 * .inet files only (lock taken here). */
static int rnic_cm_ai_src(struct rdma_addrinfo *r)
{
	const struct sockaddr_in *d = (const struct sockaddr_in *)r->ai_dst_addr;
	struct sockaddr_in *s;
	uint32_t dst, src = 0;

	if (r->ai_dst_addr->sa_family != AF_INET)
		return 0;
	dst = ntohl(d->sin_addr.s_addr);
	rnic_cm_init();
	pthread_mutex_lock(&rnic_cm.lock);
	for (int i = 0; i < rnic_cm.ndev && !src; i++)
		if (rnic_cm.devs[i].addr_known && rnic_cm_dev_reach(&rnic_cm.devs[i], dst) == 0)
			src = rnic_cm.devs[i].ipv4;
	pthread_mutex_unlock(&rnic_cm.lock);
	if (!src)
		return 0;
	s = calloc(1, sizeof(*s));
	if (!s)
		return ENOMEM;
	s->sin_family = AF_INET;
	s->sin_addr.s_addr = htonl(src);
	r->ai_src_addr = (struct sockaddr *)s;
	r->ai_src_len = sizeof(*s);
	return 0;
}

RNIC_CM_EXPORT void rdma_freeaddrinfo(struct rdma_addrinfo *res)
{
	while (res) {
		struct rdma_addrinfo *n = res->ai_next;

		free(res->ai_src_addr);
		free(res->ai_dst_addr);
		free(res->ai_src_canonname);
		free(res->ai_dst_canonname);
		free(res->ai_route);
		free(res->ai_connect);
		free(res);
		res = n;
	}
}

RNIC_CM_EXPORT int rdma_getaddrinfo(const char *node, const char *service,
				    const struct rdma_addrinfo *hints, struct rdma_addrinfo **res)
{
	struct rdma_addrinfo *r;
	struct addrinfo ah, *ai = NULL;
	int flags = hints ? hints->ai_flags : 0, family = AF_INET, ret = 0;

	if (!res || (!node && !service && !hints)) {
		errno = EINVAL;
		return -1;
	}
	if (flags & ~(RAI_PASSIVE | RAI_NUMERICHOST | RAI_NOROUTE | RAI_FAMILY))
		return EAI_BADFLAGS;
	if (hints && hints->ai_family) {
		if (hints->ai_family != AF_INET && hints->ai_family != AF_INET6)
			return EAI_FAMILY; /* AF_IB: no InfiniBand addressing here */
		family = hints->ai_family;
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		return EAI_MEMORY;
	r->ai_flags = flags;
	r->ai_family = family;
	r->ai_port_space = hints ? hints->ai_port_space : 0;
	r->ai_qp_type = hints ? hints->ai_qp_type : 0;
	if (!r->ai_port_space)
		r->ai_port_space = r->ai_qp_type == IBV_QPT_UD ? RDMA_PS_UDP : RDMA_PS_TCP;
	if (!r->ai_qp_type)
		r->ai_qp_type = r->ai_port_space == RDMA_PS_UDP ? IBV_QPT_UD : IBV_QPT_RC;

	if (node || service) {
		memset(&ah, 0, sizeof(ah));
		ah.ai_family = family;
		ah.ai_socktype = SOCK_STREAM; /* one entry per address */
		if (flags & RAI_PASSIVE)
			ah.ai_flags |= AI_PASSIVE;
		if (flags & RAI_NUMERICHOST)
			ah.ai_flags |= AI_NUMERICHOST;
		ret = getaddrinfo(node, service, &ah, &ai);
		if (ret) {
			free(r);
			return ret;
		}
		r->ai_family = ai->ai_family;
		if (flags & RAI_PASSIVE) {
			r->ai_src_addr = rnic_cm_sa_dup(ai->ai_addr, ai->ai_addrlen);
			r->ai_src_len = ai->ai_addrlen;
			if (!r->ai_src_addr)
				ret = EAI_MEMORY;
		} else {
			r->ai_dst_addr = rnic_cm_sa_dup(ai->ai_addr, ai->ai_addrlen);
			r->ai_dst_len = ai->ai_addrlen;
			if (!r->ai_dst_addr)
				ret = EAI_MEMORY;
		}
		freeaddrinfo(ai);
	} else {
		/* no node nor service: the hints' addresses */
		if (hints->ai_src_addr) {
			r->ai_src_len = rnic_cm_sa_len(hints->ai_src_addr);
			r->ai_src_addr = rnic_cm_sa_dup(hints->ai_src_addr, r->ai_src_len);
			if (!r->ai_src_addr)
				ret = EAI_MEMORY;
		}
		if (!ret && hints->ai_dst_addr && !(flags & RAI_PASSIVE)) {
			r->ai_dst_len = rnic_cm_sa_len(hints->ai_dst_addr);
			r->ai_dst_addr = rnic_cm_sa_dup(hints->ai_dst_addr, r->ai_dst_len);
			if (!r->ai_dst_addr)
				ret = EAI_MEMORY;
		}
	}
	if (!ret && !(flags & RAI_PASSIVE) && r->ai_dst_addr && !r->ai_src_addr) {
		if (hints && hints->ai_src_addr) {
			r->ai_src_len = rnic_cm_sa_len(hints->ai_src_addr);
			r->ai_src_addr = rnic_cm_sa_dup(hints->ai_src_addr, r->ai_src_len);
			if (!r->ai_src_addr)
				ret = EAI_MEMORY;
		} else if (rnic_cm_ai_src(r)) {
			ret = EAI_MEMORY;
		}
	}
	if (ret) {
		rdma_freeaddrinfo(r);
		return ret;
	}
	*res = r;
	return 0;
}
