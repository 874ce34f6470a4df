import { formatAppPath, parseAppPath } from '@sitelens/domain';

/** The app path (with query) of a location, in the form pins store; null for anything else. */
export function currentPinUrl(location: { pathname: string; search: string }): string | null {
  const parsed = parseAppPath(`${location.pathname}${location.search}`);
  return parsed ? formatAppPath(parsed) : null;
}

/** Whether two stored app paths are the same page with the same filters (parameter order aside). */
export function samePinUrl(a: string, b: string): boolean {
  const pa = parseAppPath(a);
  const pb = parseAppPath(b);
  if (!pa || !pb || pa.path !== pb.path) return false;
  const sort = (q: string) => [...new URLSearchParams(q).entries()].map(([k, v]) => `${k}=${v}`).sort().join('&');
  return sort(pa.query) === sort(pb.query);
}
