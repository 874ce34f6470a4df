import type { WidgetType } from '@sitelens/domain';
import type { ChartRenderer } from '../core/rendererTypes.ts';
import { cartesianOption } from './cartesianOption.ts';
import { barHeight, cartesianHeight, circleHeight, gridChartHeight, progressChartHeight } from './chartHeights.ts';
import { chartComponent } from './ChartView.tsx';
import { circleOption } from './circleOption.ts';
import { gridOption } from './gridOption.ts';
import { pieOption } from './pieOption.ts';
import { progressOption } from './progressOption.ts';
import { webOption } from './webOption.ts';
import { DEFAULT_CHART_HEIGHT } from '@sitelens/domain';

const fixed = () => DEFAULT_CHART_HEIGHT;

/** Chart widget types drawn with ECharts through the generic widget. */
export const chartRenderers: Partial<Record<WidgetType, ChartRenderer>> = {
  lineChart: { Component: chartComponent((w, d, e, s) => cartesianOption('lineChart', w, d, e, s), { needsWidth: true }), skeleton: 'chart', height: cartesianHeight },
  areaChart: { Component: chartComponent((w, d, e, s) => cartesianOption('areaChart', w, d, e, s), { needsWidth: true }), skeleton: 'chart', height: cartesianHeight },
  columnChart: { Component: chartComponent((w, d, e, s) => cartesianOption('columnChart', w, d, e, s), { needsWidth: true }), skeleton: 'chart', height: cartesianHeight },
  barChart: { Component: chartComponent((w, d, e, s) => cartesianOption('barChart', w, d, e, s), { needsWidth: true }), skeleton: 'chart', height: barHeight },
  gridChart: { Component: chartComponent((w, d, e) => gridOption(w, d, e)), skeleton: 'grid', height: gridChartHeight },
  pieChart: { Component: chartComponent(pieOption, { needsWidth: true }), skeleton: 'chart', height: fixed },
  circleChart: { Component: chartComponent(circleOption, { needsWidth: true }), skeleton: 'chart', height: circleHeight },
  progressBarChart: { Component: chartComponent((w, d, e) => progressOption(w, d, e)), skeleton: 'chart', height: progressChartHeight },
  webChart: { Component: chartComponent(webOption, { needsWidth: true }), skeleton: 'chart', height: fixed },
};
