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

#endif /* RNIC_ADDR_H */
