import { useReducedMotion } from '@mantine/hooks';
import { useCallback, useEffect, useRef } from 'react';
import { useRegisterPng } from '../core/exportRegistry.ts';
import { echarts, type EChartsCoreOption } from './echarts.ts';
import { type PngHeading, pngSnapshot } from './pngSnapshot.ts';
import { correctZoomedPointer } from './zoomedPointer.ts';

interface ChartCanvasProps {
  option: EChartsCoreOption;
  height: number;
  /** Read by screen readers: the title and how many values are drawn. */
  label: string;
  points: number;
  /** The sum of the drawn values, for checks that compare a chart with the API's answer. */
  total: number;
  /** How many trailing time buckets are still running (drawn apart, "so far"). */
  running?: number;
  /** Written above the chart in its PNG: title, site and dates. */
  heading?: PngHeading;
}

/** One ECharts instance in SVG: init, update, resize, dispose; hands the frame a PNG snapshot. */
export function ChartCanvas({ option, height, label, points, total, running = 0, heading }: ChartCanvasProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  // Readers whose system asks for less motion get the chart drawn at once, without its growing animation.
  const reduceMotion = useReducedMotion(false, { getInitialValueInEffect: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Listens before ZRender does, so it reads pointer positions in the chart's own pixels.
    const uncorrect = correctZoomedPointer(element);
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      uncorrect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(reduceMotion ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, reduceMotion]);

  const snapshot = useCallback(() => {
    // Series the reader switched off in the legend stay off in the export.
    const legend = (chart.current?.getOption() as { legend?: Array<{ selected?: Record<string, boolean> }> } | undefined)?.legend;
    const selected = legend?.[0]?.selected;
    const drawn = selected && option.legend ? { ...option, legend: { ...(option.legend as object), selected } } : option;
    return pngSnapshot(drawn, ref.current?.clientWidth ?? 0, height, heading);
  }, [option, height, heading]);
  useRegisterPng(snapshot);

  // ECharts lays its SVG text out itself (and mirrors the chart for right-to-left readers in the
  // option): an inherited rtl direction would flip every text anchor a second time.
  return <div ref={ref} role="img" aria-label={label} data-points={points} data-total={total} data-running={running} data-testid="chart" style={{ height, width: '100%', direction: 'ltr' }} />;
}
