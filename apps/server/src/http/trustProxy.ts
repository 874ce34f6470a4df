import type { Config } from '../config.ts';

/**
 * Fastify's trustProxy from TRUST_PROXY: off (the connection's address is the client's), a hop
 * count, or the proxies' addresses. Trusting every X-Forwarded-For would let any client pick the
 * address the per-address limits count.
 */
export function trustProxyOf(config: Pick<Config, 'TRUST_PROXY'>): false | string[] | ((address: string, hop: number) => boolean) {
  const value = config.TRUST_PROXY.trim();
  if (value === 'off') return false;
  // A hop count: the nearest `hops` addresses are proxies (proxy-addr asks hop 0 first, the connection).
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((a) => a.trim()).filter(Boolean);
}
