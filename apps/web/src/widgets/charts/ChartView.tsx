import { type ComponentType, useMemo } from 'react';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Widget, formatDate } from '@sitelens/domain';
import { type WidgetFrameInfo, useWidgetFrameInfo } from '../core/zoneNote.ts';
import type { PngHeading } from './pngSnapshot.ts';
import type { ChartRendererProps } from '../core/rendererTypes.ts';
import { ChartCanvas } from './ChartCanvas.tsx';
import { chartData, type ChartData } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import type { EChartsCoreOption } from './echarts.ts';
import { pageDateRanges } from './rangeGaps.ts';
import { useChartEnv } from './useChartEnv.ts';

/** The sum of every drawn value (what a reader would add up), rounded for the page's attributes. */
const drawnTotal = (data: ChartData) => Math.round(data.series.reduce((sum, s) => sum + s.values.reduce<number>((a, v) => a + (v ?? 0), 0), 0) * 100) / 100;

/** The PNG's heading: the widget's title, then its site and the page's dates in the user's format. */
function pngHeading(title: string, info: WidgetFrameInfo, env: ChartEnv): PngHeading {
  const day = (date: string) => formatDate(Date.parse(`${date}T12:00:00Z`), { format: env.dateFormat, tz: 'UTC' });
  const dates = info.from ? (info.to && info.to !== info.from ? `${day(info.from)} – ${day(info.to)}` : day(info.from)) : '';
  return { title, subtitle: [info.site, dates].filter(Boolean).join(' · '), rtl: env.rtl };
}

/** Turns a widget's data into an ECharts option, for a chart of the given size. */
export type OptionBuilder = (widget: Widget, data: ChartData, env: ChartEnv, size: { width: number; height: number }) => EChartsCoreOption;

/** A renderer component drawing the widget's answers with one option builder. */
export function chartComponent(build: OptionBuilder, opts: { needsWidth?: boolean } = {}): ComponentType<ChartRendererProps> {
  function ChartView({ widget, results, context, live, height }: ChartRendererProps) {
    const { t } = useTranslation();
    const baseEnv = useChartEnv(context.site.timezone, live);
    // The answers' reading time: a bucket ending after it is drawn as running.
    const { filters, site } = context;
    const dateRanges = useMemo(() => pageDateRanges({ filters, site }), [filters, site]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
    const env = useMemo(() => ({ ...baseEnv, now: Date.now(), dateRanges }), [baseEnv, results, dateRanges]);
    const { ref, width } = useElementSize();
    const data = useMemo(() => chartData(widget, results, env), [widget, results, env]);
    // Only layouts that place things in pixels (rings, time-axis labels, legends that page) wait for the width and follow it.
    const laidOutWidth = opts.needsWidth ? Math.round(width) : 0;
    const info = useWidgetFrameInfo();
    const heading = useMemo(() => pngHeading(widget.title, info, env), [widget.title, info, env]);
    const option = useMemo(() => build(widget, data, env, { width: laidOutWidth, height }), [widget, data, env, laidOutWidth, height]);
    return (
      <div ref={ref}>
        {opts.needsWidth && laidOutWidth === 0 ? (
          // The chart's own height while its width is measured: the card does not fold to its title and grow back.
          <div style={{ height }} data-testid="chart-measuring" />
        ) : (
          <ChartCanvas
            option={option}
            height={height}
            points={data.points}
            total={drawnTotal(data)}
            running={data.runningFrom === null ? 0 : data.categories.length - data.runningFrom}
            heading={heading}
            label={t('charts.label', { title: widget.title, count: data.points, points: data.points })}
          />
        )}
      </div>
    );
  }
  return ChartView;
}
