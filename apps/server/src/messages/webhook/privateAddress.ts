import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/**
 * The private address the webhook's host names, or null when all its addresses are public: a
 * webhook must not reach the server's own network (the machine itself, the LAN, the cloud's
 * metadata service) on an administrator's say-so. WEBHOOK_ALLOW_PRIVATE=on lifts this for
 * on-premises receivers and tests. The name is resolved here and again by the request, so a DNS
 * answer that changes in between is not caught.
 */
export async function privateAddressOf(url: string): Promise<string | null> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  const found = addresses.find(({ address, family }) => PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4'));
  return found?.address ?? null;
}
