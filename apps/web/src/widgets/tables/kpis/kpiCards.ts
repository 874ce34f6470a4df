import { type ColorimetryBand, KPI_PER_ROW, type WidgetComparison, type WidgetMetric, bandFor, metricDefinition, relativeChange } from '@sitelens/domain';
import type { Kpi } from './kpiQuery.ts';
import { cardColumns } from '../shared/cardColumns.ts';

/** One latest reading of a target (the liveValues query). */
export interface LiveEntry {
  targetId: number;
  label: string;
  metric: string;
  ts: string;
  value: number;
}

export interface KpiCardModel {
  metric: string;
  /** The configured label, else null (the card names the metric). */
  label: string | null;
  description: string | null;
  tooltip: string | null;
  value: number | null;
  previousValue: number | null;
  evolution: number | null;
  /** What previousValue and evolution compare with (the widget's configuration.comparison); none: neither is shown. */
  comparison: WidgetComparison;
  /** The evolution compares with the same elapsed part of the compared period (the period is running). */
  soFar: boolean;
  /** Without a value: the metrics it needs that the site never measured (said under the "-"). */
  missingMetrics: string[];
  /** The value is the latest reading, not the period's figure. */
  live: boolean;
  /** Per-target latest readings behind a live value (the spec's label/value list). */
  liveEntries: LiveEntry[];
  /** Epoch ms of the newest reading behind a live value. */
  liveAt: number | null;
  band: ColorimetryBand | null;
  /** A value outside every configured band: logged, no badge (spec 001 §5). */
  outOfRange: boolean;
}

/**
 * Metrics whose latest reading is a meaningful "now" (a level: temperature, CO2, queue length ...).
 * Counts (visitors in) keep the day's total; derived metrics have no stored reading.
 */
export function showsLiveReading(metric: string): boolean {
  const def = metricDefinition(metric);
  return def !== undefined && def.kind === 'stored' && def.defaultAggregation !== 'sum' && !def.isDuration;
}

/** The value a set of latest readings stands for: their mean (one target: its reading). */
function liveFigure(entries: readonly LiveEntry[]): number | null {
  if (entries.length === 0) return null;
  return entries.reduce((s, e) => s + e.value, 0) / entries.length;
}

export interface KpiCardInputs {
  metrics: readonly WidgetMetric[];
  /** The figure of each metric (same order), undefined while unanswered. */
  figures: ReadonlyArray<Kpi | undefined>;
  /** Latest readings of each metric's targets (same order) when the page is live. */
  liveValues: ReadonlyArray<readonly LiveEntry[] | undefined>;
  live: boolean;
  /** The widget's comparison; absent: the previous period. */
  comparison?: WidgetComparison;
}

/** The cards of a KPI widget, one per metric, with the live reading where it makes sense, the colour band and the comparison asked. */
export function kpiCards({ metrics, figures, liveValues, live, comparison = 'previousPeriod' }: KpiCardInputs): KpiCardModel[] {
  const compared = comparison !== 'none';
  return metrics.map((m, i) => {
    const figure = figures[i];
    const entries = live && showsLiveReading(m.type) ? (liveValues[i] ?? []).filter((v) => v.metric === m.type) : [];
    const liveValue = liveFigure(entries);
    const value = liveValue ?? figure?.value ?? null;
    const bands = m.configuration?.colorimetry ?? [];
    const band = bands.length ? bandFor(value, bands) : null;
    return {
      metric: m.type,
      label: m.configuration?.label?.trim() || null,
      description: m.configuration?.customDescription?.trim() || null,
      tooltip: m.configuration?.tooltip?.trim() || null,
      value,
      previousValue: compared ? (figure?.previousValue ?? null) : null,
      evolution: compared && liveValue === null ? (figure?.evolution ?? null) : null,
      comparison,
      soFar: compared && (figure?.soFar ?? false),
      missingMetrics: value === null ? (figure?.missingMetrics ?? []) : [],
      live: liveValue !== null,
      liveEntries: entries,
      liveAt: entries.length ? Math.max(...entries.map((e) => Date.parse(e.ts))) : null,
      band,
      outOfRange: bands.length > 0 && value !== null && band === null,
    };
  });
}

/**
 * The narrowest a KPI card gets, in px: a seven-digit figure or "524.610 kgCO2" on one line inside
 * the card's padding. Four cards beside the editor's side panel at 1024 px were about 110 px each.
 */
export const MIN_KPI_CARD_WIDTH = 170;
/** Cards per row by the widget's own width, four at most (spec 001 §9), as the zone cards do. */
export const kpiCardColumns = cardColumns(MIN_KPI_CARD_WIDTH);

/** Cards in rows of four (spec 001 §9): how high the skeleton is while they load. */
export function kpiRows<T>(cards: readonly T[], perRow: number = KPI_PER_ROW): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < cards.length; i += perRow) rows.push(cards.slice(i, i + perRow));
  return rows;
}

/**
 * A card's "Change (%)" in the widget's CSV: its evolution with two decimals, none for a metric whose
 * zero is arbitrary (a percentage of 22.6 °C means nothing; the value and the previous one are beside it).
 */
export function csvChange(metric: string, evolution: number | null): number | null {
  const change = relativeChange(metric, evolution);
  return change === null ? null : Math.round(change * 100) / 100;
}
