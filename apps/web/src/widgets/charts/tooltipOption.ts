import type { ChartEnv } from './chartEnv.ts';
import { escapeHtml } from './valueFormat.ts';

export interface TooltipRow {
  marker: string;
  name: string;
  value: string;
}

/** A tooltip's HTML: a heading and one row per series, names escaped, values already formatted. */
export function tooltipHtml(heading: string, rows: readonly TooltipRow[]): string {
  const head = heading ? `<div style="font-weight:600;margin-bottom:4px">${escapeHtml(heading)}</div>` : '';
  const body = rows
    .map(
      (r) =>
        `<div style="display:flex;gap:12px;justify-content:space-between"><span>${r.marker}${escapeHtml(r.name)}</span><b style="unicode-bidi:isolate">${escapeHtml(r.value)}</b></div>`,
    )
    .join('');
  return head + body;
}

/** Tooltip frame shared by every chart: kept inside the chart, written right to left in Arabic. */
export function tooltipBase(env: ChartEnv) {
  return {
    confine: true,
    appendToBody: false,
    textStyle: { fontSize: 12 },
    extraCssText: env.rtl ? 'direction: rtl; text-align: right;' : '',
  };
}
