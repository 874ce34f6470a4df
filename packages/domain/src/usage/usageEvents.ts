// Usage (tracking) events the web app may send to recordUsageEvents (spec 001 §4, spec 002 §7):
// filters opened, closed and applied, bookmark actions, export, viewed chart, short links, funnel filter clicks. The
// server stores them only with the visitor's cookie consent (cookie sitelens_consent=1).
export const USAGE_EVENT_NAMES = [
  'filtersOpened',
  'filtersClosed',
  'filtersApplied',
  'bookmarkAdded',
  'bookmarkRemoved',
  'bookmarkRenamed',
  'bookmarkReordered',
  'exportRequested',
  'viewedChart',
  'shortLinkCreated',
  'shortLinkOpened',
  'salesFunnelFilterClicked',
] as const;
export type UsageEventName = (typeof USAGE_EVENT_NAMES)[number];

/** The consent cookie set by the cookie notice's Accept (spec 000 §2); value '1' means consent. */
export const CONSENT_COOKIE = 'sitelens_consent';
/** At most this many events per call, and this many bytes of properties per event. */
export const USAGE_BATCH_MAX = 100;
export const USAGE_PROPERTIES_MAX_BYTES = 4096;

export function isUsageEventName(name: string): name is UsageEventName {
  return (USAGE_EVENT_NAMES as readonly string[]).includes(name);
}

/** Whether a Cookie header carries consent. */
export function hasTrackingConsent(cookieHeader: string | null | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${CONSENT_COOKIE}=1`);
}
