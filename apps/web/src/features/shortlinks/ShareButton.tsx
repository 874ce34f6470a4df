/**
 * The share action of analytics pages (spec 002 short links): creates a short link to the page with
 * its filters and copies it. Placed by the page header; the short-links feature fills it in.
 */
export function ShareButton(_props: { title: string }) {
  return null;
}
