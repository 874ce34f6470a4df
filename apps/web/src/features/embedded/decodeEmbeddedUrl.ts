/**
 * The address of /embeded/{url}: base64 (standard or URL-safe, padding optional) of an http(s)
 * address. Anything else (javascript:, data:, garbage) gives null, so it is never framed.
 */
export function decodeEmbeddedUrl(encoded: string | undefined): string | null {
  if (!encoded) return null;
  try {
    const normal = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
