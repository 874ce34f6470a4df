import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { formatDuration } from './formatDuration.ts';

/** Decimals of a percentage, whatever the metric (spec 001 §9). */
export const PERCENT_DECIMALS = 2;
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

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    const options = { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat('en', options);
    }
    formatters.set(key, f);
  }
  return f;
}

/** Rounds half away from zero at `decimals`, never answering -0. */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
  return r === 0 ? 0 : r;
}

const withUnit = (text: string, unit: string | null, hide: boolean | undefined): string =>
  hide || !unit ? text : `${text} ${unit}`;

/**
 * A metric value as shown in widgets (spec 001 §9): "-" when missing, "0" when it rounds to zero,
 * the metric's decimals (2 for percentages), the unit after a space unless hidden, CO2 equivalents
 * in kgCO2 then tCO2 from 1000 kg, durations as h m s.
 */
export function formatMetricValue(metricId: string, value: number | null | undefined, opts: FormatMetricValueOptions): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const def = metricDefinition(metricId);
  if (def?.isDuration && !opts.isPercentage) return formatDuration(value, opts.locale);

  let unit = opts.isPercentage ? '%' : (def?.unit ?? null);
  let decimals = opts.isPercentage ? PERCENT_DECIMALS : metricDecimals(metricId);
  let shown = roundTo(value, decimals);

  if (!opts.isPercentage && isCo2EquivalentUnit(unit) && Math.abs(shown) >= CO2_TONNE_THRESHOLD_KG) {
    unit = T_CO2 + (unit ?? '').slice(KG_CO2.length);
    shown = roundTo(value / CO2_TONNE_THRESHOLD_KG, decimals);
  }
  if (opts.perArea && !unit?.endsWith(PER_AREA_SUFFIX)) unit = (unit ?? '') + PER_AREA_SUFFIX;

  if (shown === 0) decimals = 0;
  if (opts.trimZeros) while (decimals > 0 && roundTo(shown, decimals - 1) === shown) decimals -= 1;
  return withUnit(numberFormat(opts.locale, decimals).format(shown), unit, opts.hideUnit);
}
