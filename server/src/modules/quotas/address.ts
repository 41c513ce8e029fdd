import net from 'node:net';

/**
 * The network a request comes from, as one rate-limit key: an IPv4 address as it is, an IPv6 address by its /64
 * prefix (one home or phone connection is handed a whole /64, and could rotate through it at will).
 */
export function networkKey(ip: string): string {
  if (!ip.includes(':')) return ip; // IPv4, the common case on the quote route's hot path
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
