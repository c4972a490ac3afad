import net from 'node:net';

/**
 * The address stored with a visitor record, made too coarse to name a household: IPv4 keeps
 * its first three octets (a.b.c.0), IPv6 its first 48 bits (a:b:c::), the usual
 * anonymisation of analytics tools. IPv4 mapped into IPv6 (::ffff:a.b.c.d) is treated as IPv4.
 * Anything that is not an address is not stored.
 */
export function truncateIp(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  if (net.isIPv4(ip)) return ip.replace(/\.\d+$/, '.0');
  if (net.isIPv6(ip)) {
    const groups = expandIpv6(ip);
    return `${groups.slice(0, 3).join(':')}::`;
  }
  return null;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" filled in). */
function expandIpv6(ip: string): string[] {
  const withoutZone = ip.split('%')[0]!;
  const [head, tail] = withoutZone.includes('::')
    ? withoutZone.split('::')
    : [withoutZone, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  );
}
