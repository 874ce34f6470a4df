import { changeDecimals, changeKind, durationAxisStep, metricDecimals, metricDefinition, niceAxisStep, scoreAxis, type Widget } from '@sitelens/domain';
import type { ChartSeries } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { showsEvolution } from '../core/evolutionText.ts';
import { chartText, compactNumber, formatChartValue, isBinaryMetric, showsShares } from './valueFormat.ts';

/** Series that share one value axis: the same unit and kind (or the same metric with avoidMergingYAxis). */
export interface AxisGroup {
  key: string;
  /** The metric whose rules (steps, decimals, labels) the axis follows: its first series'. */
  metric: string;
  share: boolean;
  series: ChartSeries[];
}

/** What decides whether two series can read off one axis. */
function axisKey(s: ChartSeries, widget: Widget, env: ChartEnv): string {
  if (widget.configuration.avoidMergingYAxis) return `metric:${s.metric}`;
  if (showsShares(widget, s.metric)) return 'share';
  const def = metricDefinition(s.metric);
  // A change is read off an axis of its own measure: a score's points are no levels, a dwell time's percent no duration.
  if (showsEvolution(widget, s.metric)) return `evolution:${s.unit ?? ''}`;
  if (env.live && isBinaryMetric(s.metric)) return 'binary';
  if (def?.scale) return `score:${def.scale.max}`;
  if (def?.isDuration) return 'duration';
  return `unit:${s.unit ?? ''}`;
}

/** One y axis per unit (spec 001 §3 avoidMergingYAxis: one per metric instead), in the order series appear. */
export function axisGroups(series: readonly ChartSeries[], widget: Widget, env: ChartEnv): AxisGroup[] {
  const groups = new Map<string, AxisGroup>();
  for (const s of series) {
    const key = axisKey(s, widget, env);
    const group = groups.get(key) ?? { key, metric: s.metric, share: key === 'share', series: [] };
    group.series.push(s);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The extent of what the axis draws: stacked series add up per category. */
function extent(group: AxisGroup, stacked: boolean): { min: number; max: number } {
  let min = 0;
  let max = 0;
  const length = group.series[0]?.values.length ?? 0;
  for (let i = 0; i < length; i++) {
    let up = 0;
    let down = 0;
    for (const s of group.series) {
      const v = s.values[i];
      if (typeof v !== 'number') continue;
      if (stacked) {
        if (v >= 0) up += v;
        else down += v;
      } else {
        max = Math.max(max, v);
        min = Math.min(min, v);
      }
    }
    max = Math.max(max, up);
    min = Math.min(min, down);
  }
  return { min, max };
}

export interface ValueScale {
  min: number;
  max: number;
  interval: number;
  /** Axis label of a value. */
  label: (value: number) => string;
}

/**
 * The value axis of a group (spec 001 §9): comfort-type scores 0..max by 1, durations on the 30 s ..
 * 10 h steps, occupied/free for live binary metrics, shares 0..100, otherwise a round step that
 * fits about 4 ticks (never finer than the metric's decimals).
 */
export function valueScale(group: AxisGroup, widget: Widget, env: ChartEnv, opts: { stacked: boolean; include?: readonly number[] }): ValueScale {
  const metric = group.metric;
  // Ticks fall on round steps: they show the decimals they need, not the metric's full precision
  // (shares keep their 2 decimals, spec 001 §9).
  const format = (v: number) => formatChartValue(metric, v, widget, env, { share: group.share, axis: !group.share });
  if (group.key === 'binary') return { min: 0, max: 1, interval: 1, label: format };
  const evolution = !group.share && showsEvolution(widget, metric);
  const score = evolution ? undefined : scoreAxis(metric);
  if (score && !group.share) return { ...score, label: format };
  const drawn = extent(group, opts.stacked);
  // Thresholds stay on the chart even above the data.
  const min = Math.min(drawn.min, ...(opts.include ?? []));
  const max = Math.max(drawn.max, ...(opts.include ?? []));
  if (group.share) {
    const step = niceAxisStep(100);
    return { min: 0, max: 100, interval: step, label: format };
  }
  const duration = !evolution && metricDefinition(metric)?.isDuration === true;
  const span = Math.max(Math.abs(min), Math.abs(max));
  const step = duration ? durationAxisStep(span) : Math.max(niceAxisStep(span), 10 ** -(evolution ? changeDecimals(metric, changeKind(metric)) : metricDecimals(metric)));
  const custom = widget.configuration.useCustomFormatter && !duration;
  return {
    min: min < 0 ? Math.floor(min / step) * step : 0,
    max: max > 0 ? Math.ceil(max / step) * step : step,
    interval: step,
    label: custom ? (v) => chartText(compactNumber(v, env.locale), env) : format,
  };
}
