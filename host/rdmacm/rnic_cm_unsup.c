/*
 * What this librdmacm does not offer, failing cleanly as the man pages
 * allow:
 *
 * - Multicast (rdma_join_multicast(3), rdma_join_multicast_ex,
 *   rdma_leave_multicast): the firmware's connection manager has no
 *   multicast groups. -1 with errno EOPNOTSUPP.
 * - rsockets (rsocket(7)): no socket is ever an rsocket. rsocket() fails
 *   with EOPNOTSUPP; every call on a socket fails with EBADF, as for any
 *   descriptor that is no rsocket. rpoll and rselect, which take ordinary
 *   descriptors beside rsockets, are poll(2) and select(2).
 */
#include <errno.h>
#include <poll.h>
#include <rdma/rsocket.h>
#include <sys/select.h>

#include "rnic_cm.h"

RNIC_CM_EXPORT int rdma_join_multicast(struct rdma_cm_id *id, struct sockaddr *addr, void *context)
{
	(void)id;
	(void)addr;
	(void)context;
	errno = EOPNOTSUPP;
	return -1;
}

RNIC_CM_EXPORT int rdma_join_multicast_ex(struct rdma_cm_id *id,
					  struct rdma_cm_join_mc_attr_ex *mc_join_attr,
					  void *context)
{
	(void)id;
	(void)mc_join_attr;
	(void)context;
	errno = EOPNOTSUPP;
	return -1;
}

RNIC_CM_EXPORT int rdma_leave_multicast(struct rdma_cm_id *id, struct sockaddr *addr)
{
	(void)id;
	(void)addr;
	errno = EOPNOTSUPP;
	return -1;
}

RNIC_CM_EXPORT int rsocket(int domain, int type, int protocol)
{
	(void)domain;
	(void)type;
	(void)protocol;
	errno = EOPNOTSUPP;
	return -1;
}

/* A call on descriptor s: none is an rsocket. */
static int rnic_rs_badf(int s)
{
	(void)s;
	errno = EBADF;
	return -1;
}

RNIC_CM_EXPORT int rbind(int socket, const struct sockaddr *addr, socklen_t addrlen)
{
	(void)addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rlisten(int socket, int backlog)
{
	(void)backlog;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int raccept(int socket, struct sockaddr *addr, socklen_t *addrlen)
{
	(void)addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rconnect(int socket, const struct sockaddr *addr, socklen_t addrlen)
{
	(void)addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rshutdown(int socket, int how)
{
	(void)how;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rclose(int socket)
{
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rrecv(int socket, void *buf, size_t len, int flags)
{
	(void)buf;
	(void)len;
	(void)flags;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rrecvfrom(int socket, void *buf, size_t len, int flags,
				 struct sockaddr *src_addr, socklen_t *addrlen)
{
	(void)buf;
	(void)len;
	(void)flags;
	(void)src_addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rrecvmsg(int socket, struct msghdr *msg, int flags)
{
	(void)msg;
	(void)flags;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rsend(int socket, const void *buf, size_t len, int flags)
{
	(void)buf;
	(void)len;
	(void)flags;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rsendto(int socket, const void *buf, size_t len, int flags,
			       const struct sockaddr *dest_addr, socklen_t addrlen)
{
	(void)buf;
	(void)len;
	(void)flags;
	(void)dest_addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rsendmsg(int socket, const struct msghdr *msg, int flags)
{
	(void)msg;
	(void)flags;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rread(int socket, void *buf, size_t count)
{
	(void)buf;
	(void)count;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rreadv(int socket, const struct iovec *iov, int iovcnt)
{
	(void)iov;
	(void)iovcnt;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rwrite(int socket, const void *buf, size_t count)
{
	(void)buf;
	(void)count;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT ssize_t rwritev(int socket, const struct iovec *iov, int iovcnt)
{
	(void)iov;
	(void)iovcnt;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rpoll(struct pollfd *fds, nfds_t nfds, int timeout)
{
	return poll(fds, nfds, timeout);
}

RNIC_CM_EXPORT int rselect(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
			   struct timeval *timeout)
{
	return select(nfds, readfds, writefds, exceptfds, timeout);
}

RNIC_CM_EXPORT int rgetpeername(int socket, struct sockaddr *addr, socklen_t *addrlen)
{
	(void)addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rgetsockname(int socket, struct sockaddr *addr, socklen_t *addrlen)
{
	(void)addr;
	(void)addrlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rsetsockopt(int socket, int level, int optname, const void *optval,
			       socklen_t optlen)
{
	(void)level;
	(void)optname;
	(void)optval;
	(void)optlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rgetsockopt(int socket, int level, int optname, void *optval,
			       socklen_t *optlen)
{
	(void)level;
	(void)optname;
	(void)optval;
	(void)optlen;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int rfcntl(int socket, int cmd, ...)
{
	(void)cmd;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT off_t riomap(int socket, void *buf, size_t len, int prot, int flags, off_t offset)
{
	(void)buf;
	(void)len;
	(void)prot;
	(void)flags;
	(void)offset;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT int riounmap(int socket, void *buf, size_t len)
{
	(void)buf;
	(void)len;
	return rnic_rs_badf(socket);
}

RNIC_CM_EXPORT size_t riowrite(int socket, const void *buf, size_t count, off_t offset, int flags)
{
	(void)buf;
	(void)count;
	(void)offset;
	(void)flags;
	return (size_t)rnic_rs_badf(socket);
}
