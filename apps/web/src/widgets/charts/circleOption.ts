import type { EChartsCoreOption } from 'echarts/core';
import { MAX_INITIAL_SERIES, progressMaximum, scoreAxis, type Threshold, type Widget } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { chartItems } from './chartItems.ts';
import { LEGEND_HEIGHT, legendOption } from './legendOption.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { formatChartValue } from './valueFormat.ts';

/** Rings per row; more rings start a new row. */
export const CIRCLES_PER_ROW = 4;
const RING_WIDTH = 14;
const TRACK = '#E9ECEF';

/** The ring's track coloured from each threshold upward with that threshold's colour, lightly. */
function track(thresholds: readonly Threshold[], maximum: number): Array<[number, string]> {
  const stops = [...thresholds].filter((t) => maximum > 0 && t.value > 0 && t.value < maximum).sort((a, b) => a.value - b.value);
  if (stops.length === 0) return [[1, TRACK]];
  const bands: Array<[number, string]> = [[stops[0]!.value / maximum, TRACK]];
  stops.forEach((t, i) => bands.push([i + 1 < stops.length ? stops[i + 1]!.value / maximum : 1, `${t.color ?? '#C92A2A'}55`]));
  return bands;
}

/** How many rows of rings the chart needs. */
export function circleRows(items: number): number {
  return Math.max(1, Math.ceil(Math.min(items, MAX_INITIAL_SERIES) / CIRCLES_PER_ROW));
}

/**
 * Circle charts (spec 001 §3): a ring (gauge without needle) per series, or per category of a single
 * series, filled up to the maximum of spec 001 §9 (scores to their scale); halfCircle draws half
 * rings, showMinMaxLabel writes 0 and the maximum at the ends, thresholds tint the track. At most 8
 * rings, four to a row; right-to-left rings fill the other way.
 */
export function circleOption(widget: Widget, data: ChartData, env: ChartEnv, size: { width: number; height: number }): EChartsCoreOption {
  const items = chartItems(data, widget.configuration.colors).slice(0, MAX_INITIAL_SERIES);
  const half = widget.configuration.halfCircle === true;
  const rows = circleRows(items.length);
  const perRow = Math.min(CIRCLES_PER_ROW, Math.max(1, items.length));
  const cellWidth = Math.max(1, size.width) / perRow;
  // Rings carry their names; a legend only when the widget asks for one.
  const legend = widget.configuration.showLegend === true;
  const cellHeight = (size.height - (legend ? LEGEND_HEIGHT : 0)) / rows;
  // A half ring is as tall as its radius plus its texts below the centre.
  const radius = Math.max(24, Math.min(cellWidth / 2 - 16, half ? cellHeight * 0.62 : cellHeight / 2 - 26));
  const values = items.map((i) => i.value ?? 0);
  const showEnds = widget.configuration.showMinMaxLabel === true;

  const series = items.map((item, i) => {
    const row = Math.floor(i / CIRCLES_PER_ROW);
    const inRow = Math.min(CIRCLES_PER_ROW, items.length - row * CIRCLES_PER_ROW);
    const col = i % CIRCLES_PER_ROW;
    const x = ((env.rtl ? inRow - 1 - col : col) + 0.5) * (size.width / inRow);
    const y = row * cellHeight + (half ? cellHeight * 0.68 : cellHeight / 2 - 8);
    const maximum = scoreAxis(item.metric)?.max ?? (progressMaximum(item.metric, values) || 1);
    const format = (v: number) => formatChartValue(item.metric, v, widget, env);
    const shown = widget.configuration.isPercentage ? (v: number) => formatChartValue(item.metric, (v / maximum) * 100, widget, env, { share: true }) : format;
    return {
      id: item.id,
      name: item.name,
      type: 'gauge',
      center: [x, y],
      radius,
      min: 0,
      max: maximum,
      startAngle: half ? (env.rtl ? 0 : 180) : 90,
      endAngle: half ? (env.rtl ? 180 : 0) : -270,
      clockwise: !env.rtl,
      pointer: { show: false },
      anchor: { show: false },
      progress: { show: true, width: RING_WIDTH, roundCap: !half, itemStyle: { color: item.color } },
      axisLine: { roundCap: !half, lineStyle: { width: RING_WIDTH, color: track(widget.configuration.thresholds ?? [], maximum) } },
      axisTick: { show: false },
      splitLine: { show: false },
      splitNumber: 1,
      axisLabel: {
        show: showEnds && half,
        distance: -RING_WIDTH - 14,
        fontSize: 11,
        color: '#495057',
        formatter: (v: number) => format(v),
      },
      title: { show: true, offsetCenter: [0, half ? '22%' : '28%'], fontSize: 12, color: '#495057', width: cellWidth - 24, overflow: 'truncate' },
      detail: {
        offsetCenter: [0, half ? '-12%' : '-6%'],
        fontSize: 18,
        fontWeight: 600,
        color: '#212529',
        valueAnimation: false,
        // A full ring's ends meet: its range goes under the value instead.
        formatter: (v: number) => {
          const text = item.value === null ? '-' : shown(v);
          return showEnds && !half ? `{value|${text}}\n{range|${format(0)} – ${format(maximum)}}` : text;
        },
        rich: { value: { fontSize: 18, fontWeight: 600, color: '#212529' }, range: { fontSize: 11, color: '#495057', padding: [4, 0, 0, 0] } },
      },
      data: [{ value: item.value ?? 0, name: item.name }],
      tooltip: {
        formatter: () => tooltipHtml(item.name, [{ marker: '', name: format(item.value ?? 0), value: `${format(0)} – ${format(maximum)}` }]),
      },
    };
  });

  const names = items.map((i) => i.name);
  return {
    animationDuration: 400,
    tooltip: { ...tooltipBase(env), trigger: 'item' },
    legend: { ...legendOption(names, widget, env, size.width), show: legend, data: names.map((name, i) => ({ name, itemStyle: { color: items[i]!.color } })) },
    series,
  };
}
