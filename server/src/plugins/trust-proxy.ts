import { BlockList, isIPv4 } from 'node:net';
import type { Config } from '../config/env.ts';

/** Where a reverse proxy on the same machine or private network connects from. */
const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');
PRIVATE.addSubnet('fe80::', 10, 'ipv6');

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return PRIVATE.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 011). A list of proxy addresses / ranges is passed as it is.
 * A hop count trusts that many X-Forwarded-For entries from the right, but only when the connection itself comes
 * from a private or loopback address: a client reaching the port directly from the internet cannot choose its own
 * address by sending the header. (Fastify 5 ignores a plain number, which would put every customer behind the
 * proxy's one address.)
 */
export function trustProxyOption(
  value: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === false || Array.isArray(value)) return value;
  const hops = value;
  return (address, hop) => hop < hops && (hop > 0 || isPrivateAddress(address));
}
