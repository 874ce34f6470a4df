/**
 * The bookmark button of analytics pages (spec 001 §2, spec 002 bookmarks): pins the current page
 * with its filters, or unpins it. Placed by the page header; the bookmarks feature fills it in.
 */
export function PinButton(_props: { title: string }) {
  return null;
}
