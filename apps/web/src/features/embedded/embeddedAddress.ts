import { linkUrlError } from '@sitelens/domain';

/**
 * The address of /embeded/{url}: base64 (standard or URL-safe, padding optional) of an http(s)
 * address, held to the header-menu links' rule (linkUrlError). Anything else (javascript:, data:,
 * credentials, garbage) gives null, so it is never framed.
 */
export function decodeEmbeddedUrl(encoded: string | undefined): string | null {
  if (!encoded) return null;
  try {
    const normal = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
    return linkUrlError(text) === null ? new URL(text).href : null;
  } catch {
    return null;
  }
}

/** The in-app path that shows `url` in the embedded frame: /embeded/ and its URL-safe base64, unpadded. */
export function embeddedPath(url: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(url.trim()));
  return `/embeded/${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}
