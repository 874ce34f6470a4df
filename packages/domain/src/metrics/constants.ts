/** Window of the live "inflow" figure (spec 001 §9). */
export const ROLLING_INFLOW_MINUTES = 15;

/** Real-time modes of a widget: slow poll, fast poll, live over the subscription (spec 001 §4). */
export const REALTIME_POLL_MS = { slow: 5 * 60_000, fast: 60_000, live: 0 } as const;

/** A live widget re-reads its data this long after the last pushed reading, so one batch makes one refetch… */
export const LIVE_REFRESH_DEBOUNCE_MS = 1000;
/** …and at the latest this long after the first, so a steady stream of readings still shows. */
export const LIVE_REFRESH_MAX_WAIT_MS = 5000;

/** Most buckets one aggregation answer may hold (spec 001 §9 limit constant). */
export const MAX_BUCKETS = 10_000;

/** Widest range, in days, for the widgets limited to two weeks ("time range too wide"). */
export const LIMITED_WIDGET_MAX_DAYS = 14;
