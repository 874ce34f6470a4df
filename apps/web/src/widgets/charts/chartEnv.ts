import type { DateFormat } from '@sitelens/domain';

/** Texts the option builders need, already translated. */
export interface ChartLabels {
  occupied: string;
  free: string;
  /** The part of a pie up to its maximum that no slice fills. */
  rest: string;
  /** The discontinuous-date keys "weekday" and "weekend". */
  workingDays: string;
  weekend: string;
  /** Marks a bucket that has not ended yet ("so far"). */
  soFar: string;
  /** A change in points in the language's words ("{{value}} pts"): a rate's or score's evolution. */
  points: (value: string, metricId: string) => string;
  metricName: (metricId: string) => string;
  /** A breakdown value (MALE, ENGAGED, child ...) in words, or undefined when it is not one. */
  breakdownValue: (value: string) => string | undefined;
}

/** Everything besides the widget and its answers that decides how a chart reads. */
export interface ChartEnv {
  /** The user's language, for numbers, weekday and month names. */
  locale: string;
  rtl: boolean;
  /** The site's time zone: buckets are its local hours and days. */
  timeZone: string;
  dateFormat: DateFormat;
  /** The page shows now while the site is open (binary occupancy reads occupied/free). */
  live: boolean;
  /** When the answers were read (epoch ms): time buckets ending after it are still running. */
  now?: number;
  /** The page's date ranges, earliest first: with two or more, charts leave a gap between them. */
  dateRanges?: ReadonlyArray<readonly [number, number]>;
  labels: ChartLabels;
  /** Width in px of a text as ECharts draws it (its default sans-serif font at that size). */
  textWidth: (text: string, fontSize: number) => number;
}
