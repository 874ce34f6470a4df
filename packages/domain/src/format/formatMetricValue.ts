import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { formatDuration } from './formatDuration.ts';
import { currencyOfUnit, formatMoney } from './formatMoney.ts';
import { PERCENT_DECIMALS, formatPercent } from './formatPercent.ts';
import { localeNumberFormat } from './localeNumberFormat.ts';
/** CO2 equivalents switch from kg to t at this many kilograms (spec 001 §9). */
export const CO2_TONNE_THRESHOLD_KG = 1000;

const PER_AREA_SUFFIX = '/m²';
const KG_CO2 = 'kgCO2';
const T_CO2 = 'tCO2';

export interface FormatMetricValueOptions {
  /** A BCP 47 locale (the user's language) for the digits, decimal and grouping separators. */
  locale: string;
  hideUnit?: boolean;
  /** The widget shows the value as a percentage (already in 0..100): 2 decimals and "%". */
  isPercentage?: boolean;
  /** The value is per square metre: "/m²" follows the unit (once). */
  perArea?: boolean;
  /** Only the decimals the value needs (axis ticks: "2,000 kWh", not "2,000.000 kWh"). */
  trimZeros?: boolean;
  /** Decimals instead of the metric's (a change of a score: "+0.3"). */
  decimals?: number;
  /** A score on its scale: "4 / 5" for the comfort score (a metric without a scale is unchanged). */
  outOfScale?: boolean;
}

/**
 * Decimals shown for a metric: 2 for those in "%", otherwise the catalogue's precision (humidity,
 * in %RH, keeps its 1 decimal as §9 lists it), 0 for an unknown metric.
 */
export function metricDecimals(metricId: string): number {
  const def = metricDefinition(metricId);
  if (!def) return 0;
  return def.unit === '%' ? PERCENT_DECIMALS : def.precision;
}

/** The catalogue unit of a metric, null when it has none (counts, scores) or is unknown. */
export function metricUnit(metricId: string): string | null {
  return metricDefinition(metricId)?.unit ?? null;
}

export function isCo2EquivalentUnit(unit: string | null): boolean {
  return unit !== null && unit.startsWith(KG_CO2);
}

/** Rounds half away from zero at `decimals`, never answering -0. */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
  return r === 0 ? 0 : r;
}

/**
 * The number with its unit, one rule per language (spec 001 §9 decimals): a percentage and money
 * through the language's own Intl style ("14.52%", "€89.72" in English; "14,52 %", "89,72 €" in
 * French), any other unit after a plain space ("23.5 °C").
 */
function withUnit(value: number, decimals: number, unit: string | null, opts: FormatMetricValueOptions): string {
  if (!opts.hideUnit && unit === '%') return formatPercent(value, opts.locale, decimals);
  const currency = currencyOfUnit(unit?.endsWith(PER_AREA_SUFFIX) ? unit.slice(0, -PER_AREA_SUFFIX.length) : unit);
  if (!opts.hideUnit && currency) return formatMoney(value, opts.locale, currency, decimals) + (unit?.endsWith(PER_AREA_SUFFIX) ? PER_AREA_SUFFIX : '');
  const text = localeNumberFormat(opts.locale, decimals).format(value);
  return opts.hideUnit || !unit ? text : `${text} ${unit}`;
}

/**
 * "4 / 5": a score's written value and the top of its scale, in the language's digits, so a comfort
 * of 4 reads as out of 5 (a general score out of 3). Any other metric, or a missing value ("-"), is
 * left as written.
 */
export function outOfScale(metricId: string, text: string, locale: string): string {
  const scale = metricDefinition(metricId)?.scale;
  return scale && text !== '-' ? `${text} / ${localeNumberFormat(locale, 0).format(scale.max)}` : text;
}

/**
 * A metric value as shown in widgets (spec 001 §9): "-" when missing, "0" when it rounds to zero,
 * the metric's decimals (2 for percentages), percentages and money in the language's own way, any
 * other unit after a space unless hidden, CO2 equivalents
 * in kgCO2 then tCO2 from 1000 kg, durations as h m s.
 */
export function formatMetricValue(metricId: string, value: number | null | undefined, opts: FormatMetricValueOptions): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const def = metricDefinition(metricId);
  if (def?.isDuration && !opts.isPercentage) return formatDuration(value, opts.locale);

  let unit = opts.isPercentage ? '%' : (def?.unit ?? null);
  let decimals = opts.decimals ?? (opts.isPercentage ? PERCENT_DECIMALS : metricDecimals(metricId));
  let shown = roundTo(value, decimals);

  if (!opts.isPercentage && isCo2EquivalentUnit(unit) && Math.abs(shown) >= CO2_TONNE_THRESHOLD_KG) {
    unit = T_CO2 + (unit ?? '').slice(KG_CO2.length);
    shown = roundTo(value / CO2_TONNE_THRESHOLD_KG, decimals);
  }
  if (opts.perArea && !unit?.endsWith(PER_AREA_SUFFIX)) unit = (unit ?? '') + PER_AREA_SUFFIX;

  if (shown === 0) decimals = 0;
  if (opts.trimZeros) while (decimals > 0 && roundTo(shown, decimals - 1) === shown) decimals -= 1;
  const text = withUnit(shown, decimals, unit, opts);
  return opts.outOfScale && !opts.isPercentage ? outOfScale(metricId, text, opts.locale) : text;
}
