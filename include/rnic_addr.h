/*
 * Addressing rules shared by the simulator and the host library.
 *
 * RoCEv2 carries IP; the Ethernet destination comes from neighbour
 * resolution. The simulated network has no ARP: every port's MAC address is
 * derived from its IPv4 address as the locally administered unicast address
 * 02:00:a:b:c:d (IEEE 802: bit 1 of the first octet set = locally
 * administered, bit 0 clear = unicast), so either side can compute the other's.
 * Simulated ports take addresses from 192.0.2.0/24 (RFC 5737 TEST-NET-1),
 * which never reaches a real network.
 */
#ifndef RNIC_ADDR_H
#define RNIC_ADDR_H

#include <stdint.h>

#define RNIC_SIM_IPV4_BASE 0xC0000200u /* 192.0.2.0; NIC i is 192.0.2.(i+1) */

/* ipv4: first octet in bits 31:24. mac[0] is the first byte on the wire. */
static inline void rnic_mac_from_ipv4(uint32_t ipv4, uint8_t mac[6])
{
	mac[0] = 0x02;
	mac[1] = 0x00;
	mac[2] = (uint8_t)(ipv4 >> 24);
	mac[3] = (uint8_t)(ipv4 >> 16);
	mac[4] = (uint8_t)(ipv4 >> 8);
	mac[5] = (uint8_t)ipv4;
}

/* The IPv4-mapped IPv6 address ::ffff:a.b.c.d, a RoCEv2 GID of an IPv4
 * port (gid[0] first, as in union ibv_gid and on the wire). */
static inline void rnic_gid_from_ipv4(uint32_t ipv4, uint8_t gid[16])
{
	for (int i = 0; i < 10; i++)
		gid[i] = 0;
	gid[10] = 0xff;
	gid[11] = 0xff;
	gid[12] = (uint8_t)(ipv4 >> 24);
	gid[13] = (uint8_t)(ipv4 >> 16);
	gid[14] = (uint8_t)(ipv4 >> 8);
	gid[15] = (uint8_t)ipv4;
}

/* The IPv4 address of an IPv4-mapped GID: 0, or -1 for any other GID. */
static inline int rnic_gid_to_ipv4(const uint8_t gid[16], uint32_t *ipv4)
{
	for (int i = 0; i < 10; i++)
		if (gid[i])
			return -1;
	if (gid[10] != 0xff || gid[11] != 0xff)
		return -1;
	*ipv4 = (uint32_t)gid[12] << 24 | (uint32_t)gid[13] << 16 | (uint32_t)gid[14] << 8 | gid[15];
	return 0;
}

#endif /* RNIC_ADDR_H */
