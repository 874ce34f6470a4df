/** The push services of today's browsers (Chrome and Edge, Firefox, Edge's legacy, Safari), as host suffixes. */
export const KNOWN_PUSH_SERVICES = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a browser's push endpoint may not be called, or null: the server posts to it, so it must be a
 * push service's address (a host of `services` or under one), over https; plain http only to a
 * listed host of this machine (a test's push service). Anything else would let a signed-in user make
 * the server post to an address of their choosing (an internal port, a cloud's metadata service).
 */
export function pushEndpointProblem(endpoint: string, services: readonly string[]): 'invalid' | 'notHttps' | 'unknownService' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  const host = url.hostname.toLowerCase();
  if (!services.some((s) => host === s || host.endsWith(`.${s}`))) return 'unknownService';
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && LOOPBACK.has(host) ? null : 'notHttps';
}
