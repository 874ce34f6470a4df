import type { AggregationId } from './aggregations.ts';

/** Catalogue families: the stored 'energy' family splits by utility here. */
export type CatalogueFamily = 'counting' | 'atmosphere' | 'energy' | 'water' | 'combustible' | 'heat' | 'sales';

/** A gate of rights.ts a caller needs to read a metric's data: sales figures, and what is computed from them. */
export type MetricRight = 'salesData';

export interface MetricScale {
  min: number;
  max: number;
  /** Translation keys, one per level from min to max. */
  labels: string[];
}

/** Progress-bar and pie maximum (spec 001 §9): 100, the sum of the values, their maximum, or a fixed number. */
export type ProgressMaximumRule = 'hundred' | 'sum' | 'max' | number;

export interface MetricDefinition {
  id: string;
  family: CatalogueFamily;
  unit: string | null;
  /** Decimals shown (spec 001 §9). */
  precision: number;
  /** Hex colour, fixed per metric and distinct within its family. */
  color: string;
  /** A @tabler/icons-react icon name. */
  icon: string;
  scale?: MetricScale;
  maximum: ProgressMaximumRule;
  defaultAggregation: AggregationId;
  kind: 'stored' | 'derived';
  /** The id in STORED_METRICS (storedMetrics.ts) read for a stored metric. */
  storedAs?: string;
  derivation?: { inputs: string[]; formula: string };
  percentage?: boolean;
  /**
   * Measured on an interval scale whose zero is a convention (degrees Celsius): a ratio of two values
   * means nothing, so its change is their difference in its unit ("+0.1 °C"), never a percentage.
   */
  arbitraryZero?: boolean;
  /** Seconds shown as hours, minutes and seconds. */
  isDuration?: boolean;
  /** Widest range in days the metric can be asked for ("time range too wide" past it). */
  limitedRangeDays?: number;
  /** The right its data needs (metricRights.ts); none: anyone who sees the site. */
  right?: MetricRight;
}

const levels = (group: string, count: number) => Array.from({ length: count }, (_, i) => `metrics.scale.${group}.${i + 1}`);

/** Comfort 1..5, very poor to excellent (spec 001 §3, spec 002 §9). */
export const COMFORT_SCALE: MetricScale = { min: 1, max: 5, labels: levels('comfort', 5) };
/** General scores 1..3: low or poor, average or fair, good. */
export const GENERAL_SCALE: MetricScale = { min: 1, max: 3, labels: levels('general', 3) };
