import { isIPv6 } from 'node:net';

/**
 * The client as per-address limits count it. An IPv4 address is one client; an IPv6 client
 * usually holds a whole /64 (the prefix a home or office line is given), so its addresses count as
 * one: `2001:db8:1:2::/64`. An IPv4-mapped IPv6 address is its IPv4.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros, lower case (a zone index dropped). */
function expandIPv6(ip: string): string[] {
  const address = ip.split('%')[0]!.toLowerCase();
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (::1.2.3.4) stands for the last two groups.
  const withIPv4 = (groups: string[]) =>
    groups.flatMap((g) => (g.includes('.') ? ((n) => [(n[0]! << 8) | n[1]!, (n[2]! << 8) | n[3]!].map((x) => x.toString(16)))(g.split('.').map(Number)) : [g]));
  const start = withIPv4(groupsOf(head));
  const end = withIPv4(groupsOf(tail));
  const middle = tail === undefined ? [] : Array(8 - start.length - end.length).fill('0');
  return [...start, ...middle, ...end].map((g) => parseInt(g, 16).toString(16));
}
