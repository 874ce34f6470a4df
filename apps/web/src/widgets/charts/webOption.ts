import type { EChartsCoreOption } from 'echarts/core';
import { durationAxisStep, isPercentageMetric, metricDefinition, niceAxisStep, scoreAxis, type Widget } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { comparesGroups, groupsAsCategories } from './groupedData.ts';
import { legendOption, uniqueNames } from './legendOption.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { chartText, formatChartValue } from './valueFormat.ts';
import { webMatrix } from './webMatrix.ts';

/** Rings of the radar. */
const RADAR_RINGS = 4;

/**
 * A dimension's axis: its score scale, 0..100 for percentages, otherwise the domain's step (a
 * duration step for durations) that fits the largest value in about 4 ticks.
 */
function axisScale(metric: string, values: ReadonlyArray<number | null>): { max: number; interval: number; ticks: number } {
  const score = scoreAxis(metric);
  if (score) return { max: score.max, interval: score.interval, ticks: score.max };
  if (isPercentageMetric(metric)) return { max: 100, interval: 25, ticks: 4 };
  const top = Math.max(0, ...values.filter((v): v is number => v !== null));
  const step = metricDefinition(metric)?.isDuration ? durationAxisStep(top) : niceAxisStep(top);
  const ticks = Math.max(1, Math.ceil(top / step));
  return { max: ticks * step, interval: step, ticks };
}

/**
 * The web chart (spec 001 §3): a radar by default, parallel coordinates with isParallelCoordinates;
 * axes are metrics (or categories of one metric), each entity a polygon or a line; right-to-left
 * readers get the axes in the opposite order.
 */
export function webOption(widget: Widget, answer: ChartData, env: ChartEnv, size: { width: number; height: number } = { width: 0, height: 0 }): EChartsCoreOption {
  // One metric compared across groups: an axis per group.
  const single = new Set(answer.series.map((s) => s.metric)).size === 1;
  const data = single && comparesGroups(widget) ? groupsAsCategories(answer) : answer;
  const matrix = webMatrix(data, env, widget.title);
  const parallel = widget.configuration.isParallelCoordinates === true;
  // Parallel axes read in the reading direction; a radar goes clockwise (anticlockwise in Arabic) from the top.
  const order = matrix.dimensions.map((_, i) => i);
  if (parallel && env.rtl) order.reverse();
  if (!parallel && !env.rtl) order.splice(1, order.length - 1, ...order.slice(1).reverse());
  const dimensions = order.map((i) => matrix.dimensions[i]!);
  const names = uniqueNames(matrix.entities.map((e) => e.name));
  const entities = matrix.entities.map((e, k) => ({ ...e, name: names[k]!, values: order.map((i) => e.values[i] ?? null) }));
  // One metric over its categories: one scale for every axis, so they compare.
  const oneMetric = new Set(dimensions.map((d) => d.metric)).size === 1;
  const scales = dimensions.map((d, i) => axisScale(d.metric, oneMetric ? entities.flatMap((e) => e.values) : entities.map((e) => e.values[i] ?? null)));
  const format = (i: number, v: number | null, axis = false) => formatChartValue(dimensions[i]?.metric ?? '', v, widget, env, { axis });
  const tooltip = (name: string, marker: string, values: ReadonlyArray<number | null>) =>
    tooltipHtml(name, dimensions.map((d, i) => ({ marker: i === 0 ? marker : '', name: d.name, value: format(i, values[i] ?? null) })));
  const base = { animationDuration: 400, legend: legendOption(names, widget, env, size.width), tooltip: { ...tooltipBase(env), trigger: 'item' } };

  if (parallel) {
    return {
      ...base,
      parallel: { left: 56, right: 72, top: 32, bottom: 64, parallelAxisDefault: { nameLocation: 'end', nameGap: 12, nameTextStyle: { fontSize: 12, color: '#343A40' } } },
      parallelAxis: dimensions.map((d, i) => ({
        dim: i,
        name: chartText(d.name, env),
        type: 'value',
        min: 0,
        max: scales[i]!.max,
        interval: scales[i]!.interval,
        // Labels on the reading side of each axis, on a light ground where lines cross them.
        axisLabel: { fontSize: 11, color: '#495057', formatter: (v: number) => format(i, v, true), hideOverlap: true, inside: env.rtl, backgroundColor: 'rgba(255,255,255,0.85)', padding: [1, 3] },
        axisTick: { inside: env.rtl },
      })),
      series: entities.map((e) => ({
        id: e.name,
        name: e.name,
        type: 'parallel',
        color: e.color,
        lineStyle: { color: e.color, width: 2, opacity: 0.85 },
        data: [e.values.map((v) => v ?? '-')],
        tooltip: { formatter: () => tooltip(e.name, '', e.values) },
      })),
    };
  }
  return {
    ...base,
    radar: {
      center: ['50%', '48%'],
      radius: '62%',
      // One metric: its steps are the rings; several: four rings, each axis to its own round top.
      splitNumber: oneMetric ? (scales[0]?.ticks ?? RADAR_RINGS) : RADAR_RINGS,
      indicator: dimensions.map((d, i) => ({ name: chartText(d.name, env), max: scales[i]!.max, min: 0 })),
      axisName: { color: '#343A40', fontSize: 12 },
      splitArea: { areaStyle: { color: ['#FFFFFF', '#F8F9FA'] } },
    },
    series: [
      {
        id: 'web',
        type: 'radar',
        symbolSize: 5,
        data: entities.map((e) => ({ name: e.name, value: e.values.map((v) => v ?? 0), itemStyle: { color: e.color }, lineStyle: { color: e.color, width: 2 }, areaStyle: { color: e.color, opacity: 0.12 } })),
        tooltip: {
          formatter: (p: { name: string; marker: string }) => tooltip(p.name, p.marker, entities.find((e) => e.name === p.name)?.values ?? []),
        },
      },
    ],
  };
}
