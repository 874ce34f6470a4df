const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a webhook address cannot be used, or null: it must be an absolute https URL without
 * credentials; plain http is accepted only to this machine (local development and tests).
 */
export function webhookUrlProblem(value: string): 'invalid' | 'notHttps' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password || !url.hostname) return 'invalid';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return url.protocol === 'http:' ? 'notHttps' : 'invalid';
}
