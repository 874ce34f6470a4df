import type { EChartsCoreOption } from 'echarts/core';
import type { Widget } from '@sitelens/domain';
import type { ChartData, ChartSeries } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { comparesGroups, groupsAsCategories } from './groupedData.ts';
import { LEGEND_HEIGHT, legendOption, legendShown, uniqueNames } from './legendOption.ts';
import { isRangeGap, withRangeGaps } from './rangeGaps.ts';
import { asShares } from './shares.ts';
import { type SoFarPlacement, type SoFarPoint, soFarPlacement } from './soFarPlacement.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { AXIS_FONT_SIZE, timeAxisLabels, valueLabelsWidth } from './timeAxisLabels.ts';
import { type AxisGroup, axisGroups, type ValueScale, valueScale } from './valueAxes.ts';
import { chartText, formatChartValue, isBinaryMetric } from './valueFormat.ts';

export type CartesianType = 'lineChart' | 'areaChart' | 'columnChart' | 'barChart';

/** Extra room per additional value axis on one side. */
const AXIS_OFFSET = 72;
/** Lines show their points while there are few enough to tell apart. */
const MAX_SYMBOL_POINTS = 48;
const PANEL_GAP = 36;

interface Panel {
  series: ChartSeries[];
  groups: AxisGroup[];
}

/** isMultiChart: one panel per metric, stacked vertically with their own axes; otherwise one panel. */
function panelsOf(series: ChartSeries[], widget: Widget, env: ChartEnv): Panel[] {
  const byMetric = new Map<string, ChartSeries[]>();
  if (widget.configuration.isMultiChart) for (const s of series) byMetric.set(s.metric, [...(byMetric.get(s.metric) ?? []), s]);
  const sets = byMetric.size > 1 ? [...byMetric.values()] : [series];
  return sets.map((set) => ({ series: set, groups: axisGroups(set, widget, env) }));
}

/** Where the k-th value axis of a panel sits: first on the reading start side, second opposite, then outward. */
function axisSide(k: number, rtl: boolean): { position: 'left' | 'right' | 'top' | 'bottom'; offset: number; start: boolean } {
  const start = k % 2 === 0;
  return { position: start !== rtl ? 'left' : 'right', offset: Math.floor(k / 2) * AXIS_OFFSET, start };
}

function thresholdMarkLine(widget: Widget, env: ChartEnv, horizontal: boolean, scale: ValueScale) {
  const thresholds = widget.configuration.thresholds ?? [];
  if (thresholds.length === 0) return undefined;
  return {
    silent: true,
    symbol: 'none',
    data: thresholds.map((th) => ({
      [horizontal ? 'xAxis' : 'yAxis']: th.value,
      name: th.label ?? '',
      lineStyle: { color: th.color ?? '#C92A2A', type: 'dashed', width: 1.5 },
      label: {
        formatter: th.label ? chartText(`${th.label}: ${scale.label(th.value)}`, env) : scale.label(th.value),
        position: horizontal ? 'insideEndTop' : env.rtl ? 'insideStartTop' : 'insideEndTop',
        color: th.color ?? '#C92A2A',
        fontSize: 11,
      },
    })),
  };
}

function minMaxMarkPoint(s: ChartSeries, widget: Widget, env: ChartEnv, share: boolean) {
  return {
    symbol: 'circle',
    symbolSize: 8,
    data: [
      { type: 'max', name: 'max' },
      { type: 'min', name: 'min' },
    ],
    label: {
      position: 'top',
      fontSize: 11,
      color: '#212529',
      backgroundColor: 'rgba(255,255,255,0.85)',
      padding: [2, 4],
      borderRadius: 3,
      formatter: (p: { value: number }) => formatChartValue(s.metric, p.value, widget, env, { share }),
    },
  };
}

/**
 * Line, area, column and horizontal bar charts (spec 001 §3): one value axis per unit (or per metric),
 * stacked, shares, thresholds as dashed lines, min and max labels, one panel per metric for
 * isMultiChart, mirrored for right-to-left readers.
 */
export function cartesianOption(type: CartesianType, widget: Widget, answer: ChartData, env: ChartEnv, size: { width: number; height: number }): EChartsCoreOption {
  const { width, height } = size;
  // A timespan of several date ranges: each range its own stretch of line, with a blank between.
  const ranged = withRangeGaps(answer, env.dateRanges ?? []);
  const data = comparesGroups(widget) ? groupsAsCategories(ranged) : ranged;
  const horizontal = type === 'barChart';
  const stacked = widget.configuration.stacked === true;
  const names = uniqueNames(data.series.map((s) => s.name));
  const shown = asShares(data.series, widget).map((s, i) => ({ ...s, name: names[i]! }));
  const panels = panelsOf(shown, widget, env);
  const legendSpace = legendShown(widget, shown.length) ? LEGEND_HEIGHT + 8 : 8;
  const panelHeight = (height - legendSpace - 16 - PANEL_GAP * (panels.length - 1)) / panels.length;
  const categoryLabels = data.categories.map((c) => c.label);
  const thresholdSeries = shown[0]?.id;

  const grids: object[] = [];
  const categoryAxes: object[] = [];
  const valueAxes: object[] = [];
  const series: object[] = [];
  const byId = new Map<string, { metric: string; share: boolean }>();
  let labelled = false;

  panels.forEach((panel, p) => {
    const sides = panel.groups.map((_, k) => axisSide(k, env.rtl && !horizontal));
    const extra = (start: boolean) => Math.max(0, ...sides.filter((s) => s.start === start).map((s) => s.offset));
    const scales = panel.groups.map((group) =>
      valueScale(group, widget, env, { stacked, include: group.series.some((s) => s.id === thresholdSeries) ? (widget.configuration.thresholds ?? []).map((th) => th.value) : [] }),
    );
    const grid = { left: 12 + extra(!env.rtl), right: 20 + extra(env.rtl) };
    const last = p === panels.length - 1;
    const timeAxis = data.time && !horizontal;
    const running = timeAxis ? data.runningFrom : null;
    // How far the value axes of one side reach out from the plot, labels included.
    const reach = (start: boolean) => Math.max(0, ...scales.map((scale, k) => (sides[k]!.start === start ? sides[k]!.offset + valueLabelsWidth(scale, env) : 0)));
    const timeLabels = timeAxis
      ? timeAxisLabels(data.categories, data.granularity, { width, margins: grid.left + grid.right, startAxes: reach(true), endAxes: reach(false), bands: type === 'columnChart' }, env)
      : null;
    // containLabel keeps axis labels inside the grid across the axis, not along it: a time label at
    // the far end gets room from the margin when no value axis stands there.
    if (timeLabels && reach(false) === 0) {
      const end = env.rtl ? 'left' : 'right';
      grid[end] = Math.max(grid[end], Math.ceil(timeLabels.overhang) + 4);
    }
    grids.push({ top: 16 + p * (panelHeight + PANEL_GAP), height: panelHeight, ...grid, containLabel: true });
    // The plot inside the grid, about: the time labels below it, half a value label above it.
    const plotWidth = Math.max(0, (width || DEFAULT_WIDTH) - grid.left - grid.right - reach(true) - reach(false));
    const plotHeight = Math.max(0, panelHeight - AXIS_FONT_SIZE / 2 - (last ? AXIS_FONT_SIZE * 1.2 + 8 : 0));
    categoryAxes.push({
      type: 'category',
      gridIndex: p,
      data: categoryLabels,
      boundaryGap: type === 'columnChart' || horizontal,
      // Bars read top-down; right-to-left readers read time from the right.
      inverse: horizontal ? true : env.rtl,
      position: horizontal ? (env.rtl ? 'right' : 'left') : 'bottom',
      axisTick: { alignWithLabel: true },
      axisLabel: {
        show: horizontal || last || !data.time,
        // Time labels fall on round steps with room between them (timeAxisLabels); along a line the
        // first starts at its tick, clear of the value axis' labels.
        interval: timeLabels?.interval ?? 'auto',
        ...(timeLabels?.formatter ? { formatter: timeLabels.formatter } : {}),
        ...(timeAxis && type !== 'columnChart' ? { alignMinLabel: env.rtl ? 'right' : 'left' } : {}),
        hideOverlap: true,
        color: '#495057',
        fontSize: AXIS_FONT_SIZE,
        ...(data.time ? {} : { width: horizontal ? 150 : 110, overflow: 'truncate' }),
      },
    });
    // Every grid needs a value axis, even with nothing to draw on it.
    if (panel.groups.length === 0) valueAxes.push({ type: 'value', gridIndex: p, min: 0, max: 1 });
    panel.groups.forEach((group, k) => {
      const scale = scales[k]!;
      const side = sides[k]!;
      const axisIndex = valueAxes.length;
      valueAxes.push({
        type: 'value',
        gridIndex: p,
        min: scale.min,
        max: scale.max,
        interval: scale.interval,
        position: horizontal ? 'bottom' : side.position,
        offset: horizontal ? 0 : side.offset,
        inverse: horizontal && env.rtl,
        splitLine: { show: k === 0, lineStyle: { color: '#E9ECEF' } },
        axisLine: { show: panel.groups.length > 1, lineStyle: { color: group.series[0]?.color } },
        axisLabel: {
          formatter: scale.label,
          color: '#495057',
          fontSize: AXIS_FONT_SIZE,
          hideOverlap: true,
          // Under horizontal bars the end labels stay inside the chart's width.
          ...(horizontal ? { alignMinLabel: env.rtl ? 'right' : 'left', alignMaxLabel: env.rtl ? 'left' : 'right' } : {}),
        },
      });
      for (const s of group.series) {
        byId.set(s.id, { metric: s.metric, share: group.share });
        const line = type === 'lineChart' || type === 'areaChart';
        const axes = { [horizontal ? 'xAxisIndex' : 'yAxisIndex']: axisIndex, [horizontal ? 'yAxisIndex' : 'xAxisIndex']: p };
        if (running !== null && line) {
          // The running bucket continues the line dashed, labelled "so far", never as a fall.
          byId.set(`${s.id}${SO_FAR}`, { metric: s.metric, share: group.share });
          series.push({
            id: `${s.id}${SO_FAR}`,
            name: s.name,
            type: 'line',
            // One "so far" label, on the first line, ending at its point so it stays inside the chart.
            data: s.values.map((v, i) => (i < running - 1 ? null : i === s.values.length - 1 && !labelled ? { value: v, label: lineSoFarLabel(env, soFarPlacement(runningPoint(s, scale, panelLines(panel, scales, s, stacked), { width: plotWidth, height: plotHeight }, env))) } : v)),
            ...axes,
            stack: stacked ? `${p}:${group.key}${SO_FAR}` : undefined,
            color: s.color,
            itemStyle: { color: s.color },
            symbol: 'emptyCircle',
            symbolSize: 6,
            lineStyle: { width: 2, type: 'dashed' },
            areaStyle: type === 'areaChart' ? { opacity: 0.08 } : undefined,
            emphasis: { focus: 'series' },
          });
          labelled = true;
        }
        const values = running === null ? s.values : line ? s.values.map((v, i) => (i >= running ? null : v)) : s.values.map((v, i) => (i >= running && v !== null ? runningBar(v, s.color, env, horizontal, stacked) : v));
        series.push({
          id: s.id,
          name: s.name,
          type: line ? 'line' : 'bar',
          data: values,
          ...axes,
          stack: stacked ? `${p}:${group.key}` : undefined,
          color: s.color,
          itemStyle: { color: s.color },
          ...(line
            ? {
                showSymbol: data.categories.length <= MAX_SYMBOL_POINTS,
                symbolSize: 5,
                lineStyle: { width: 2 },
                step: env.live && isBinaryMetric(s.metric) ? 'end' : undefined,
                areaStyle: type === 'areaChart' ? { opacity: stacked ? 0.55 : 0.18 } : undefined,
              }
            : { barMaxWidth: horizontal ? 32 : 40, barMinHeight: 1 }),
          emphasis: { focus: 'series' },
          markLine: s.id === thresholdSeries ? thresholdMarkLine(widget, env, horizontal, scale) : undefined,
          markPoint: widget.configuration.showMinMaxLabel ? minMaxMarkPoint(s, widget, env, group.share) : undefined,
        });
      }
    });
  });

  return {
    animationDuration: 400,
    grid: grids,
    [horizontal ? 'yAxis' : 'xAxis']: categoryAxes,
    [horizontal ? 'xAxis' : 'yAxis']: valueAxes,
    legend: legendOption(names, widget, env, width, line(type)),
    tooltip: {
      ...tooltipBase(env),
      trigger: 'axis',
      axisPointer: { type: line(type) ? 'line' : 'shadow' },
      formatter: (all: Array<{ seriesId: string; seriesName: string; marker: string; value: number | null; dataIndex: number; axisValueLabel: string }>) => {
        // A running bucket's line repeats the last complete point: each point is listed once.
        const params = all.filter((item) => !item.seriesId.endsWith(SO_FAR) || !all.some((o) => o.seriesId === item.seriesId.slice(0, -SO_FAR.length) && o.value !== null && o.value !== undefined));
        const at = params[0]?.dataIndex ?? -1;
        const category = data.categories[at];
        if (category && isRangeGap(category)) return '';
        const header = params[0]?.axisValueLabel ?? '';
        return tooltipHtml(
          data.time && ranged.runningFrom !== null && at >= ranged.runningFrom ? `${header} (${env.labels.soFar})` : header,
          params.map((item) => {
            const meta = byId.get(item.seriesId);
            const raw = data.series.find((s) => s.id === item.seriesId)?.values[item.dataIndex];
            const value = meta ? formatChartValue(meta.metric, item.value, widget, env, { share: meta.share }) : String(item.value);
            const rawText = meta?.share && typeof raw === 'number' ? ` (${formatChartValue(meta.metric, raw, widget, env)})` : '';
            return { marker: item.marker, name: item.seriesName, value: value + rawText };
          }),
        );
      },
    },
    series,
  };
}

const line = (type: CartesianType) => type === 'lineChart' || type === 'areaChart';

/** Suffix of the series that draws the running bucket of a line. */
const SO_FAR = ':soFar';

const soFarLabel = (env: ChartEnv, position: 'top' | 'bottom' | 'left' | 'right') => ({
  show: true,
  position,
  formatter: env.labels.soFar,
  color: '#495057',
  fontSize: SO_FAR_FONT_SIZE,
  // Above or below a line's last point the text ends at the point, so the chart's edge does not cut it.
  ...(position === 'top' || position === 'bottom' ? { align: env.rtl ? 'left' : 'right' } : {}),
});

/** Chart width assumed before the chart is measured. */
const DEFAULT_WIDTH = 600;
const SO_FAR_FONT_SIZE = 11;

/** The running (last) point of a line, in px against its previous point and the plot's edges. */
function runningPoint(
  line: { values: ReadonlyArray<number | null> },
  scale: ValueScale,
  others: ReadonlyArray<{ values: ReadonlyArray<number | null>; scale: ValueScale }>,
  plot: { width: number; height: number },
  env: ChartEnv,
): SoFarPoint {
  // A line's last two points in px above the plot's bottom.
  const ends = (values: ReadonlyArray<number | null>, s: ValueScale) => {
    const y = (v: number | null) => (v === null ? null : s.max > s.min ? ((v - s.min) / (s.max - s.min)) * plot.height : 0);
    return { last: y(values[values.length - 1] ?? null), previous: values.length > 1 ? y(values[values.length - 2] ?? null) : null };
  };
  const own = ends(line.values, scale);
  const at = own.last ?? 0;
  const rise = (e: { last: number | null; previous: number | null }) => (e.last === null || e.previous === null ? 0 : e.last - e.previous);
  return {
    step: line.values.length > 1 ? plot.width / (line.values.length - 1) : 0,
    rise: rise(own),
    above: plot.height - at,
    below: at,
    width: env.textWidth(env.labels.soFar, SO_FAR_FONT_SIZE),
    height: SO_FAR_FONT_SIZE + 3,
    others: others.flatMap((o) => {
      const e = ends(o.values, o.scale);
      return e.last === null ? [] : [{ at: e.last - at, rise: rise(e) }];
    }),
  };
}

/**
 * The panel's other lines, each with its value axis' scale, that the "so far" label of `line` keeps
 * clear of. Stacked lines are drawn at their running totals, so none is given there.
 */
function panelLines<S extends { id: string; values: ReadonlyArray<number | null> }>(
  panel: { groups: ReadonlyArray<{ series: ReadonlyArray<S> }> },
  scales: ReadonlyArray<ValueScale>,
  line: S,
  stacked: boolean,
): Array<{ values: ReadonlyArray<number | null>; scale: ValueScale }> {
  if (stacked) return [];
  return panel.groups.flatMap((group, k) => group.series.filter((o) => o.id !== line.id).map((o) => ({ values: o.values, scale: scales[k]! })));
}

/** The "so far" label of a line's running point, placed clear of the line and inside the plot. */
function lineSoFarLabel(env: ChartEnv, place: SoFarPlacement) {
  if (place.position !== 'inner') return { ...soFarLabel(env, place.position), distance: place.distance };
  // Right-to-left the time runs leftwards: the line comes from the right.
  return { ...soFarLabel(env, env.rtl ? 'right' : 'left'), distance: place.distance, offset: [0, -place.lift] };
}

/**
 * A bar of a bucket still running: pale, outlined, labelled "so far". Pale by its fill's alpha, not
 * the item's opacity, which its label would take too (it read light grey); the label stands centred
 * over the bar on a light ground, so a taller neighbour under its ends does not eat its letters.
 */
function runningBar(value: number, color: string, env: ChartEnv, horizontal: boolean, stacked: boolean) {
  const fill = translucent(color, 0.35);
  return {
    value,
    itemStyle: { color: fill ?? color, ...(fill ? {} : { opacity: 0.35 }), borderColor: color, borderWidth: 1, borderType: 'dashed' },
    label: stacked
      ? undefined
      : { ...soFarLabel(env, horizontal ? 'right' : 'top'), ...(horizontal ? {} : { align: 'center' }), backgroundColor: 'rgba(255,255,255,0.85)', padding: [1, 3], borderRadius: 2 },
  };
}

/** A #RRGGBB colour at an alpha, as rgba(); null for any other notation. */
function translucent(color: string, alpha: number): string | null {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  return hex ? `rgba(${parseInt(hex[1]!, 16)}, ${parseInt(hex[2]!, 16)}, ${parseInt(hex[3]!, 16)}, ${alpha})` : null;
}
