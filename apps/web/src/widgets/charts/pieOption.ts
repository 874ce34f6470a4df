import type { EChartsCoreOption } from 'echarts/core';
import { PERCENT_DECIMALS, progressMaximum, type Widget } from '@sitelens/domain';
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

/**
 * The pie (spec 001 §3): a slice per series, or per category of a single series, up to the
 * maximum of spec 001 §9 (100 for percentages, the sum for counts, the largest for levels); what no
 * slice fills up to a larger maximum shows as a grey rest. halfCircle draws the upper half;
 * isPercentage labels slices with their share of the maximum.
 */
export function pieOption(widget: Widget, data: ChartData, env: ChartEnv): EChartsCoreOption {
  const items = chartItems(data, widget.configuration.colors);
  const names = uniqueNames(items.map((i) => i.name));
  const metric = items[0]?.metric ?? '';
  const values = items.map((i) => i.value ?? 0);
  const sum = values.reduce((s, v) => s + Math.max(0, v), 0);
  const maximum = Math.max(progressMaximum(metric, values), sum);
  const rest = maximum - sum > maximum * REST_EPSILON ? maximum - sum : 0;
  const half = widget.configuration.halfCircle === true;
  const percent = (v: number) => (maximum > 0 ? (v / maximum) * 100 : 0);
  const shareText = (v: number) => `${new Intl.NumberFormat(env.locale, { minimumFractionDigits: PERCENT_DECIMALS, maximumFractionDigits: PERCENT_DECIMALS }).format(percent(v))} %`;
  const byName = new Map(items.map((item, i) => [names[i]!, item]));
  const valueText = (name: string, v: number) => {
    const item = byName.get(name);
    if (!item) return formatChartValue(metric, v, widget, env);
    return widget.configuration.isPercentage ? shareText(v) : formatChartValue(item.metric, v, widget, env);
  };

  return {
    animationDuration: 400,
    legend: legendOption(names, widget, env),
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
        top: 8,
        bottom: legendShown(widget, names.length) ? LEGEND_HEIGHT + 8 : 8,
        radius: half ? ['0%', '80%'] : ['0%', '66%'],
        center: half ? ['50%', '82%'] : ['50%', '50%'],
        // From nine o'clock over the top; right-to-left readers start at three o'clock and go round the other way.
        startAngle: env.rtl ? 0 : 180,
        endAngle: half ? (env.rtl ? 180 : 0) : 'auto',
        clockwise: !env.rtl,
        // Labels sit outside, on label lines: ECharts moves them apart along each side, shortens
        // (with an ellipsis) those longer than the room up to the chart's edge, hides those of slices
        // under MIN_LABEL_ANGLE and any label that would still cover another.
        avoidLabelOverlap: true,
        minShowLabelAngle: MIN_LABEL_ANGLE,
        labelLayout: { hideOverlap: true },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        label: {
          position: 'outer',
          alignTo: 'labelLine',
          bleedMargin: 8,
          fontSize: 12,
          lineHeight: 16,
          color: '#343A40',
          overflow: 'truncate',
          formatter: (p: { name: string; value: number }) => (p.name === '' ? '' : `${p.name}\n${valueText(p.name, p.value)}`),
        },
        labelLine: { length: 12, length2: 14, maxSurfaceAngle: 80 },
        data: [
          ...items.map((item, i) => ({ name: names[i], value: item.value ?? 0, itemStyle: { color: item.color } })),
          ...(rest > 0 ? [{ name: env.labels.rest, value: rest, itemStyle: { color: REST_COLOR }, label: { show: false }, labelLine: { show: false }, tooltip: { show: true } }] : []),
        ],
      },
    ],
  };
}
