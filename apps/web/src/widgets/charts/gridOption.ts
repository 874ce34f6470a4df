import type { EChartsCoreOption } from 'echarts/core';
import type { Widget } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import { gridCells } from './gridCells.ts';
import { tooltipBase, tooltipHtml } from './tooltipOption.ts';
import { formatChartValue } from './valueFormat.ts';

/** Cells get their value written in them while they are this few. */
const MAX_LABELLED_COLUMNS = 14;
const ROW_HEIGHT = 34;
const GRID_CHROME = 96;

/** The grid chart's height: a row per weekday or series. */
export function gridHeight(rows: number): number {
  return Math.max(240, Math.min(550, rows * ROW_HEIGHT + GRID_CHROME));
}

/** A light tint of the metric's colour for the lowest values. */
const LOW = '#F1F3F5';

/**
 * The grid chart (spec 001 §3), a heatmap: weekday x hour for hourly data, series x category
 * otherwise, shaded from light grey to the metric's colour, with a colour scale below; values in the
 * cells while they fit, in the tooltip always; columns run right to left in Arabic.
 */
export function gridOption(widget: Widget, data: ChartData, env: ChartEnv): EChartsCoreOption {
  const grid = gridCells(data, env.locale, env.timeZone);
  const values = grid.cells.map((c) => c[2]);
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const color = widget.configuration.colors?.[0] ?? data.series[0]?.color ?? '#1c7ed6';
  const format = (v: number) => formatChartValue(grid.metric, v, widget, env);
  const labelled = grid.columns.length <= MAX_LABELLED_COLUMNS;

  return {
    animationDuration: 300,
    grid: { top: 8, bottom: 56, left: env.rtl ? 12 : 8, right: env.rtl ? 8 : 12, containLabel: true },
    xAxis: { type: 'category', data: grid.columns, inverse: env.rtl, splitArea: { show: false }, axisTick: { show: false }, axisLabel: { hideOverlap: true, color: '#495057', fontSize: 12 } },
    yAxis: {
      type: 'category',
      data: grid.rows,
      inverse: true,
      position: env.rtl ? 'right' : 'left',
      axisTick: { show: false },
      axisLabel: { color: '#495057', fontSize: 12, width: 140, overflow: 'truncate' },
    },
    visualMap: {
      type: 'continuous',
      // The colour scale is the grid's legend.
      show: widget.configuration.showLegend !== false,
      min,
      max: max > min ? max : min + 1,
      calculable: false,
      orient: 'horizontal',
      left: 'center',
      bottom: 4,
      itemHeight: 160,
      itemWidth: 10,
      inverse: env.rtl,
      text: [format(max), format(min)],
      textStyle: { fontSize: 11, color: '#495057' },
      inRange: { color: [LOW, color] },
    },
    tooltip: {
      ...tooltipBase(env),
      trigger: 'item',
      formatter: (p: { value: [number, number, number]; marker: string }) =>
        tooltipHtml(`${grid.rows[p.value[1]] ?? ''} · ${grid.columns[p.value[0]] ?? ''}`, [{ marker: p.marker, name: '', value: format(p.value[2]) }]),
    },
    series: [
      {
        id: 'grid',
        type: 'heatmap',
        data: grid.cells,
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 3 },
        label: { show: labelled, fontSize: 11, formatter: (p: { value: [number, number, number] }) => format(p.value[2]) },
        emphasis: { itemStyle: { borderColor: '#212529', borderWidth: 1 } },
      },
    ],
  };
}
