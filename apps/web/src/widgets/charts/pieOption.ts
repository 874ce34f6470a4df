import type { EChartsCoreOption } from 'echarts/core';
import { formatPercent, progressMaximum, type Widget } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { chartItems } from './chartItems.ts';
import { LEGEND_HEIGHT, legendOption, legendShown, uniqueNames } from './legendOption.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { formatChartValue } from './valueFormat.ts';

const REST_COLOR = '#E9ECEF';
/** A rest smaller than this share of the maximum is rounding, not a slice. */
const REST_EPSILON = 0.001;
/** Slices narrower than this (degrees) carry no label; the tooltip and the legend still name them. */
const MIN_LABEL_ANGLE = 4;
const LABEL_FONT = 12;
const PIE_TOP = 8;
/** From the disc to a label's text: the label line's two parts, ECharts' gap before the text, and the margin kept at the chart's edge. */
const LABEL_LINE = { length: 12, length2: 14 };
const LABEL_SPACE = LABEL_LINE.length + LABEL_LINE.length2 + 5 + 8;
/** The disc is never made smaller than this share of what it would be for its labels. */
const MIN_RADIUS_SHARE = 0.55;
/** Below this the disc is too small to read, whatever its labels need (px). */
const MIN_RADIUS = 48;

/**
 * How the slices' labels fit beside the pie at its width (spec 001 §9's narrow widths: the editor's
 * canvas beside its side panel, a half-width widget): `whole` on one line each (the disc made
 * smaller for them when needed, down to MIN_RADIUS_SHARE of its size), `wrapped` onto lines of
 * `width` where every word still fits, else `values` (the names go to the legend) or `none` (the
 * legend and the tooltip only). A label is never cut to an ellipsis.
 */
export interface PieFit {
  /** The disc's radius in px; null: the default share of the box (no width known). */
  radius: number | null;
  labels: 'whole' | 'wrapped' | 'values' | 'none';
  /** The room for a label's text beside the disc, px. */
  width: number;
}

export function pieFit(
  texts: ReadonlyArray<{ name: string; value: string }>,
  size: { width: number; height: number },
  opts: { half: boolean; legend: boolean; textWidth: (text: string, fontSize: number) => number },
): PieFit {
  if (size.width <= 0) return { radius: null, labels: 'whole', width: Infinity };
  const height = size.height - PIE_TOP - (opts.legend ? LEGEND_HEIGHT + 8 : 8);
  const preferred = (opts.half ? 0.8 : 0.66) * (Math.min(size.width, height) / 2);
  const smallest = Math.min(preferred, Math.max(MIN_RADIUS, preferred * MIN_RADIUS_SHARE));
  const room = (radius: number) => Math.floor(size.width / 2 - radius - LABEL_SPACE);
  const measure = (text: string) => opts.textWidth(text, LABEL_FONT);
  const widest = Math.ceil(Math.max(0, ...texts.flatMap((t) => [measure(t.name), measure(t.value)])));
  if (room(preferred) >= widest) return { radius: preferred, labels: 'whole', width: room(preferred) };
  const fitted = size.width / 2 - LABEL_SPACE - widest;
  if (fitted >= smallest) return { radius: fitted, labels: 'whole', width: room(fitted) };
  const width = room(smallest);
  const longestWord = Math.max(0, ...texts.flatMap((t) => [...t.name.split(/\s+/), t.value].map(measure)));
  if (width >= longestWord) return { radius: smallest, labels: 'wrapped', width };
  const widestValue = Math.max(0, ...texts.map((t) => measure(t.value)));
  return { radius: smallest, labels: width >= widestValue ? 'values' : 'none', width };
}

/**
 * The pie (spec 001 §3): a slice per series, or per category of a single series, up to the
 * maximum of spec 001 §9 (100 for percentages, the sum for counts, the largest for levels); what no
 * slice fills up to a larger maximum shows as a grey rest. halfCircle draws the upper half;
 * isPercentage labels slices with their share of the maximum.
 */
export function pieOption(widget: Widget, data: ChartData, env: ChartEnv, size: { width: number; height: number } = { width: 0, height: 0 }): EChartsCoreOption {
  const items = chartItems(data, widget.configuration.colors);
  const names = uniqueNames(items.map((i) => i.name));
  const metric = items[0]?.metric ?? '';
  const values = items.map((i) => i.value ?? 0);
  const sum = values.reduce((s, v) => s + Math.max(0, v), 0);
  const maximum = Math.max(progressMaximum(metric, values), sum);
  const rest = maximum - sum > maximum * REST_EPSILON ? maximum - sum : 0;
  const half = widget.configuration.halfCircle === true;
  const percent = (v: number) => (maximum > 0 ? (v / maximum) * 100 : 0);
  const shareText = (v: number) => formatPercent(percent(v), env.locale);
  const byName = new Map(items.map((item, i) => [names[i]!, item]));
  const valueText = (name: string, v: number) => {
    const item = byName.get(name);
    if (!item) return formatChartValue(metric, v, widget, env);
    return widget.configuration.isPercentage ? shareText(v) : formatChartValue(item.metric, v, widget, env);
  };
  // Labels of the slices wide enough to carry one (what ECharts would show).
  const labelled = items
    .map((item, i) => ({ name: names[i]!, value: item.value ?? 0 }))
    .filter((s) => maximum > 0 && (Math.max(0, s.value) / maximum) * (half ? 180 : 360) >= MIN_LABEL_ANGLE)
    .map((s) => ({ name: s.name, value: valueText(s.name, s.value) }));
  const asked = legendShown(widget, names.length);
  let fit = pieFit(labelled, size, { half, legend: asked, textWidth: env.textWidth });
  // Names that find no room beside the disc are read in the legend.
  const legend = asked || fit.labels === 'values' || fit.labels === 'none';
  if (legend !== asked) fit = pieFit(labelled, size, { half, legend, textWidth: env.textWidth });
  const labelText = (p: { name: string; value: number }) => {
    if (p.name === '') return '';
    if (fit.labels === 'values') return valueText(p.name, p.value);
    return `${p.name}\n${valueText(p.name, p.value)}`;
  };

  return {
    animationDuration: 400,
    legend: { ...legendOption(names, widget, env, size.width), show: legend },
    tooltip: {
      ...tooltipBase(env),
      trigger: 'item',
      formatter: (p: { name: string; value: number; marker: string }) =>
        tooltipHtml(p.name, [{ marker: p.marker, name: formatChartValue(byName.get(p.name)?.metric ?? metric, p.value, widget, env), value: shareText(p.value) }]),
    },
    series: [
      {
        id: 'pie',
        type: 'pie',
        // The box the pie and its labels are laid out in ends above the legend.
        top: PIE_TOP,
        bottom: legend ? LEGEND_HEIGHT + 8 : 8,
        radius: fit.radius === null ? (half ? ['0%', '80%'] : ['0%', '66%']) : [0, fit.radius],
        center: half ? ['50%', '82%'] : ['50%', '50%'],
        // From nine o'clock over the top; right-to-left readers start at three o'clock and go round the other way.
        startAngle: env.rtl ? 0 : 180,
        endAngle: half ? (env.rtl ? 180 : 0) : 'auto',
        clockwise: !env.rtl,
        // Labels sit outside, on label lines: ECharts moves them apart along each side, hides those
        // of slices under MIN_LABEL_ANGLE and any label that would still cover another. The disc
        // leaves them room (pieFit): whole, else wrapped, else the names go to the legend; the
        // ellipsis is only the last guard of a width measured otherwise than ECharts measures it.
        avoidLabelOverlap: true,
        minShowLabelAngle: MIN_LABEL_ANGLE,
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        label: {
          show: fit.labels !== 'none',
          position: 'outer',
          alignTo: 'labelLine',
          bleedMargin: 8,
          fontSize: LABEL_FONT,
          lineHeight: 16,
          color: '#343A40',
          overflow: fit.labels === 'wrapped' ? 'break' : 'truncate',
          formatter: labelText,
        },
        labelLine: { ...LABEL_LINE, maxSurfaceAngle: 80, show: fit.labels !== 'none' },
        data: [
          ...items.map((item, i) => ({ name: names[i], value: item.value ?? 0, itemStyle: { color: item.color } })),
          ...(rest > 0 ? [{ name: env.labels.rest, value: rest, itemStyle: { color: REST_COLOR }, label: { show: false }, labelLine: { show: false }, tooltip: { show: true } }] : []),
        ],
      },
    ],
  };
}
