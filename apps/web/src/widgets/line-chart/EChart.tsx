import { useEffect, useRef } from 'react';
import { echarts, type EChartsCoreOption } from './echarts.ts';

interface EChartProps {
  option: EChartsCoreOption;
  height: number;
  label: string;
  points: number;
}

/** A thin React frame around one ECharts instance: init, update, resize, dispose. */
export function EChart({ option, height, label, points }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={ref} role="img" aria-label={label} data-points={points} data-testid="line-chart" style={{ height }} />;
}
