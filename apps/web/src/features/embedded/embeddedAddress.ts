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
    return httpAddress(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
}

/** The in-app path that shows `url` in the embedded frame: /embeded/ and its URL-safe base64, unpadded. */
export function embeddedPath(url: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(url.trim()));
  return `/embeded/${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/**
 * Whether the frame may show `url`: only an address of the caller's header-menu links (the
 * organization's or their own). Any other address in a crafted /embeded/ link would put a stranger's
 * page (a lookalike sign-in form) inside Sitelens' own frame and address bar.
 */
export function isEmbeddable(url: string, links: readonly { url: string }[]): boolean {
  return links.some((link) => httpAddress(link.url) === url);
}

function httpAddress(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
