import { changeDecimals, changeKind, metricUnit, shownDirection, type Widget } from '@sitelens/domain';

/** The widget asks this metric's "evolution" aggregation: its values are changes, not the metric's figures. */
export function showsEvolution(widget: Pick<Widget, 'metrics'>, metricId: string): boolean {
  return widget.metrics.some((m) => m.type === metricId && m.groupBy?.aggregation === 'evolution');
}

/** The decimals a sheet keeps of a widget's metric: an evolution's (two for a percentage), else the metric's own. */
export function sheetDecimals(widget: Pick<Widget, 'metrics'>, metricId: string): number | undefined {
  return showsEvolution(widget, metricId) ? changeDecimals(metricId, changeKind(metricId)) : undefined;
}

export interface EvolutionTextOptions {
  locale: string;
  /** The language's words for points around a number ("{{value}} pts"). */
  points: (value: string, metricId: string) => string;
  /** The widget hides units: a difference loses its "°C" (a relative change keeps its "%", points their word). */
  hideUnit?: boolean;
  /** An axis tick: no "+" and only the decimals it needs. */
  axis?: boolean;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, min: number, max: number): Intl.NumberFormat {
  const key = `${locale}|${min}|${max}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });
    } catch {
      f = new Intl.NumberFormat('en', { minimumFractionDigits: min, maximumFractionDigits: max });
    }
    formats.set(key, f);
  }
  return f;
}

/**
 * An evolution as a chart or table shows it, by the engine's measure (`changeKind`): a count's
 * relative change "+12.50 %", a temperature's difference "+1.5 °C", a rate's or a score's points
 * "+5.0 pts". A change that rounds to zero reads "0" without a sign; "-" when there is none.
 */
export function evolutionText(metricId: string, value: number | null | undefined, opts: EvolutionTextOptions): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const kind = changeKind(metricId);
  const decimals = changeDecimals(metricId, kind);
  const direction = shownDirection(value, decimals);
  const amount = direction === 'flat' ? 0 : value;
  const number = numberFormat(opts.locale, opts.axis || direction === 'flat' ? 0 : decimals, decimals).format(amount);
  const signed = direction === 'up' && !opts.axis ? `+${number}` : number;
  if (kind === 'points') return opts.points(signed, metricId);
  const unit = kind === 'relative' ? '%' : opts.hideUnit ? null : metricUnit(metricId);
  return unit ? `${signed} ${unit}` : signed;
}
