import { echarts, type EChartsCoreOption } from './echarts.ts';

/**
 * The chart drawn as a PNG data URL. The screen uses the SVG renderer, whose data URLs are SVG, so
 * the export draws the same option once more on a detached canvas instance, without animation.
 */
export function pngSnapshot(option: EChartsCoreOption, width: number, height: number): string | null {
  if (width <= 0 || height <= 0) return null;
  const element = document.createElement('div');
  const chart = echarts.init(element, undefined, { renderer: 'canvas', width, height });
  try {
    chart.setOption({ ...option, animation: false });
    const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#ffffff' });
    return url.startsWith('data:image/png') ? url : null;
  } finally {
    chart.dispose();
  }
}
