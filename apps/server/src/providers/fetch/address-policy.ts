/**
 * Which addresses and ports the server may connect to when it fetches a user-given URL.
 *
 * The production policy (`publicInternetPolicy`) allows only globally routable unicast
 * addresses: loopback, private (RFC 1918, IPv6 unique-local), link-local (incl. the cloud
 * metadata address 169.254.169.254), CGNAT (100.64/10), multicast, broadcast, unspecified,
 * documentation/benchmarking/reserved ranges, IPv4-mapped/-compatible IPv6 and the IPv6
 * transition prefixes that embed an IPv4 address (NAT64, 6to4, Teredo) are all refused. The
 * classification is ipaddr.js's `range()`; anything it does not call `unicast` is refused, so a
 * new special range is refused by default rather than allowed.
 *
 * Tests inject their own policy (to reach a server on 127.0.0.1) through `createSafeFetcher`;
 * nothing in the environment can relax the production policy.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** May the server open a connection to this literal address? */
  allowAddress(address: string): boolean;
  /** May the server connect to this port (after the scheme's default is applied)? */
  allowPort(port: number, protocol: 'http:' | 'https:'): boolean;
}

/** The ports a user-given URL may name: the web's usual ones, nothing that speaks SMTP, Redis, SSH… */
export const PUBLIC_PORTS: ReadonlySet<number> = new Set([80, 443, 8080, 8443]);

/** ipaddr.js range of an address, or null when it is not an IP literal. */
export function addressRange(address: string): string | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!isIP(bare)) return null;
  try {
    return ipaddr.parse(bare).range();
  } catch {
    return null;
  }
}

/** True only for globally routable unicast IPv4/IPv6 addresses. */
export function isPublicAddress(address: string): boolean {
  return addressRange(address) === 'unicast';
}

export const publicInternetPolicy: AddressPolicy = Object.freeze({
  allowAddress: isPublicAddress,
  allowPort: (port: number) => PUBLIC_PORTS.has(port),
});
