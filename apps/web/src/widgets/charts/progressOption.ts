import type { EChartsCoreOption } from 'echarts/core';
import { BAR_CHART_MAX_HEIGHT, progressMaximum, scoreAxis, type Widget } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { type ChartItem, chartItems } from './chartItems.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { formatChartValue } from './valueFormat.ts';

/** Height of one progress bar's row and of the chart's padding. */
export const PROGRESS_ROW_HEIGHT = 44;
const PROGRESS_PADDING = 24;
const MIN_HEIGHT = 120;

/** The progress chart's height for its bars, within the bar chart's maximum (scrolling past it is not offered). */
export function progressHeight(bars: number): number {
  return Math.min(BAR_CHART_MAX_HEIGHT, Math.max(MIN_HEIGHT, PROGRESS_ROW_HEIGHT * Math.max(1, bars) + PROGRESS_PADDING));
}

/** Each bar's maximum (spec 001 §9): 100 for percentages, the sum for counts, the largest for levels, a score's scale. */
export function progressMaxima(items: readonly ChartItem[]): number[] {
  return items.map((item) => {
    const score = scoreAxis(item.metric);
    if (score) return score.max;
    const sameMetric = items.filter((i) => i.metric === item.metric).map((i) => i.value ?? 0);
    return progressMaximum(item.metric, sameMetric) || 1;
  });
}

/**
 * Progress bars (spec 001 §3): one bar per series, or per category of a single series, filled to its
 * share of the §9 maximum over a grey track, its value written beside it (its share with
 * isPercentage); thresholds of the first metric as dashed lines; mirrored right to left.
 */
export function progressOption(widget: Widget, data: ChartData, env: ChartEnv): EChartsCoreOption {
  const items = chartItems(data, widget.configuration.colors);
  const maxima = progressMaxima(items);
  const shareOf = (i: number) => ((items[i]!.value ?? 0) / maxima[i]!) * 100;
  const text = (i: number) => {
    const item = items[i]!;
    return widget.configuration.isPercentage ? formatChartValue(item.metric, shareOf(i), widget, env, { share: true }) : formatChartValue(item.metric, item.value, widget, env);
  };
  const thresholds = (widget.configuration.thresholds ?? []).filter(() => items.length > 0);
  const firstMax = maxima[0] ?? 1;

  return {
    animationDuration: 400,
    grid: { top: 8, bottom: 8, left: env.rtl ? 96 : 8, right: env.rtl ? 8 : 96, containLabel: true },
    xAxis: { type: 'value', min: 0, max: 100, show: false, inverse: env.rtl },
    yAxis: {
      type: 'category',
      inverse: true,
      position: env.rtl ? 'right' : 'left',
      data: items.map((i) => i.name),
      axisLine: { show: false },
      axisTick: { show: false },
      axisLabel: { color: '#343A40', fontSize: 12, width: 160, overflow: 'truncate' },
    },
    tooltip: {
      ...tooltipBase(env),
      trigger: 'item',
      formatter: (p: { dataIndex: number; marker: string }) => {
        const i = p.dataIndex;
        const item = items[i]!;
        return tooltipHtml(item.name, [{ marker: p.marker, name: formatChartValue(item.metric, item.value, widget, env), value: `${formatChartValue(item.metric, shareOf(i), widget, env, { share: true })}` }]);
      },
    },
    series: [
      {
        id: 'progress',
        type: 'bar',
        barWidth: 16,
        showBackground: true,
        backgroundStyle: { color: '#E9ECEF', borderRadius: 8 },
        itemStyle: { borderRadius: 8 },
        data: items.map((item, i) => ({ value: Math.min(100, Math.max(0, shareOf(i))), itemStyle: { color: item.color } })),
        label: {
          show: true,
          // Just past the bar's end, dark on the light track.
          position: env.rtl ? 'left' : 'right',
          distance: 8,
          color: '#212529',
          fontSize: 12,
          fontWeight: 600,
          formatter: (p: { dataIndex: number }) => text(p.dataIndex),
        },
        markLine: thresholds.length
          ? {
              silent: true,
              symbol: 'none',
              data: thresholds.map((th) => ({ xAxis: (th.value / firstMax) * 100, lineStyle: { color: th.color ?? '#C92A2A', type: 'dashed' }, label: { show: false } })),
            }
          : undefined,
      },
    ],
  };
}
