/**
 * Which addresses and ports the server may connect to when it fetches a user-given URL.
 *
 * The production policy (`publicInternetPolicy`) allows only globally routable unicast
 * addresses: loopback, private (RFC 1918, IPv6 unique-local), link-local (incl. the cloud
 * metadata address 169.254.169.254), CGNAT (100.64/10), multicast, broadcast, unspecified,
 * documentation/benchmarking/reserved ranges are all refused. The classification is ipaddr.js's
 * `range()`; anything it does not call `unicast` is refused, so a new special range is refused by
 * default rather than allowed.
 *
 * An IPv6 address that carries an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated,
 * NAT64, 6to4, Teredo) is judged by the IPv4 address(es) it carries, decoded from its bytes
 * whatever the notation (`::127.0.0.1`, `::7f00:1`, `0:0:0:0:0:0:7f00:1` are one address); a
 * prefix whose embedding cannot be decoded (NAT64 local-use `64:ff9b:1::/48`) is refused whole.
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

type Bytes = number[];
const last32 = (b: Bytes): Bytes[] => [b.slice(12, 16)];

/**
 * The IPv6 prefixes that embed an IPv4 address, with where it sits (`null`: not decodable, the
 * prefix is refused as a whole). Checked in this order; the first match decides.
 */
const EMBEDDING: ReadonlyArray<{ prefix: [ipaddr.IPv6, number]; decode: ((b: Bytes) => Bytes[]) | null }> = [
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), decode: last32 }, // IPv4-mapped
  { prefix: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), decode: last32 }, // IPv4-translated (RFC 6145)
  { prefix: ipaddr.IPv6.parseCIDR('::/96'), decode: last32 }, // IPv4-compatible (with :: and ::1 → 0.0.0.0, 0.0.0.1)
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), decode: last32 }, // NAT64, well-known prefix (RFC 6052)
  { prefix: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), decode: null }, // NAT64, local use (RFC 8215): prefix length unknown
  { prefix: ipaddr.IPv6.parseCIDR('2002::/16'), decode: (b) => [b.slice(2, 6)] }, // 6to4: bits 16–48
  // Teredo: the server's address in bits 32–63, the client's in the last 32 bits, inverted
  { prefix: ipaddr.IPv6.parseCIDR('2001::/32'), decode: (b) => [b.slice(4, 8), b.slice(12, 16).map((x) => x ^ 0xff)] },
];

/** The IPv4 addresses an IPv6 address carries: [] when it embeds none, null when it embeds one that cannot be decoded. */
export function embeddedIPv4(address: ipaddr.IPv6): string[] | null {
  for (const { prefix, decode } of EMBEDDING) {
    if (!address.match(prefix)) continue;
    if (!decode) return null;
    return decode(address.toByteArray()).map((b) => b.join('.'));
  }
  return [];
}

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

/** True only for globally routable unicast IPv4/IPv6 addresses (an embedded IPv4 address must be one too). */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!isIP(bare)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(bare);
  } catch {
    return false;
  }
  if (parsed instanceof ipaddr.IPv4) return parsed.range() === 'unicast';
  const carried = embeddedIPv4(parsed);
  if (carried === null) return false;
  if (carried.length > 0) return carried.every((v4) => ipaddr.IPv4.parse(v4).range() === 'unicast');
  return parsed.range() === 'unicast';
}

export const publicInternetPolicy: AddressPolicy = Object.freeze({
  allowAddress: isPublicAddress,
  allowPort: (port: number) => PUBLIC_PORTS.has(port),
});
