import { lookup } from 'node:dns/promises';
import { Resolver } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Every range of the IANA IPv4 and IPv6 special-purpose address registries (as of 2026), plus
 * multicast: none is a webhook receiver on the public Internet, and several are this machine, the
 * LAN, the cloud's metadata service or a translator into them (64:ff9b::/96, 6to4, Teredo).
 * Refused whole, even the few the registry marks globally reachable (AS112, AMT): no receiver
 * lives there.
 */
const IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2
  ['203.0.113.0', 24], // TEST-NET-3
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const IPV6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // IPv4/IPv6 translation
  ['64:ff9b:1::', 48], // local-use translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID ...)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

// One list per family: a BlockList matches IPv4 addresses against its ::ffff:0:0/96 rule too.
const SPECIAL_V4 = new BlockList();
for (const [net, prefix] of IPV4) SPECIAL_V4.addSubnet(net, prefix, 'ipv4');
const SPECIAL_V6 = new BlockList();
for (const [net, prefix] of IPV6) SPECIAL_V6.addSubnet(net, prefix, 'ipv6');
const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** Whether the address is special-purpose; IPv6 outside 2000::/3 (not yet allocated) counts too. */
export function isSpecialPurpose({ address, family }: CheckedAddress): boolean {
  if (family === 4) return SPECIAL_V4.check(address, 'ipv4');
  return SPECIAL_V6.check(address, 'ipv6') || !GLOBAL_UNICAST_V6.check(address, 'ipv6');
}

/** A webhook the guard will not send: unresolvable, or an address it refuses. Recorded as "refused". */
export class WebhookRefused extends Error {
  constructor(readonly permanent: boolean) {
    super('refused');
  }
}

export type ResolveHost = (host: string) => Promise<CheckedAddress[]>;

/** The system's resolver (getaddrinfo, so /etc/hosts counts), or the DNS servers given (WEBHOOK_DNS_SERVERS). */
export function hostResolver(servers: readonly string[] = []): ResolveHost {
  if (servers.length === 0) return async (host) => (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  resolver.setServers([...servers]);
  return async (host) => {
    const [v4, v6] = await Promise.all([resolver.resolve4(host).catch(noData), resolver.resolve6(host).catch(noData)]);
    return [...v4.map((address) => ({ address, family: 4 as const })), ...v6.map((address) => ({ address, family: 6 as const }))];
  };
}

/** "No record of this type" is an answer (a host with only A or only AAAA records); any other failure is not. */
function noData(error: { code?: string }): string[] {
  if (error.code === 'ENODATA') return [];
  throw error;
}

/**
 * The addresses the webhook's host resolves to, each checked, resolved once: the request then
 * connects to one of exactly these (see webhookSender), so a DNS answer that changes between the
 * check and the connection changes nothing. Refuses when resolution fails in any way (retried
 * later: DNS may be back) or when any address is special-purpose (not retried), unless
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=on, for on-premises receivers and tests).
 */
export async function checkedAddresses(url: string, resolve: ResolveHost, allowPrivate: boolean): Promise<CheckedAddress[]> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  let addresses: CheckedAddress[];
  if (family !== 0) addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new WebhookRefused(false);
    }
  }
  if (addresses.length === 0) throw new WebhookRefused(false);
  if (!allowPrivate && addresses.some(isSpecialPurpose)) throw new WebhookRefused(true);
  return addresses;
}
