import { echarts, type EChartsCoreOption } from './echarts.ts';

/** What a PNG carries above the chart: the widget's title, then the site and the dates. */
export interface PngHeading {
  title: string;
  subtitle: string;
  rtl: boolean;
}

const PIXEL_RATIO = 2;
const HEADING_HEIGHT = 56;

/**
 * The chart drawn as a PNG data URL, under its heading. The screen uses the SVG renderer, whose data
 * URLs are SVG, so the export draws the same option once more on a detached canvas instance,
 * without animation, and writes the heading above it.
 */
export function pngSnapshot(option: EChartsCoreOption, width: number, height: number, heading?: PngHeading): string | null {
  if (width <= 0 || height <= 0) return null;
  const element = document.createElement('div');
  const chart = echarts.init(element, undefined, { renderer: 'canvas', width, height });
  try {
    chart.setOption({ ...option, animation: false });
    const url = chart.getDataURL({ type: 'png', pixelRatio: PIXEL_RATIO, backgroundColor: '#ffffff' });
    if (!url.startsWith('data:image/png')) return null;
    if (!heading) return url;
    const drawn = element.querySelector('canvas');
    const sheet = document.createElement('canvas');
    sheet.width = width * PIXEL_RATIO;
    sheet.height = (height + HEADING_HEIGHT) * PIXEL_RATIO;
    const g = sheet.getContext('2d');
    if (!g || !drawn) return url;
    g.scale(PIXEL_RATIO, PIXEL_RATIO);
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, width, height + HEADING_HEIGHT);
    g.direction = heading.rtl ? 'rtl' : 'ltr';
    g.textAlign = 'start';
    const x = heading.rtl ? width - 12 : 12;
    g.fillStyle = '#212529';
    g.font = '600 16px sans-serif';
    g.fillText(heading.title, x, 24, width - 24);
    g.fillStyle = '#495057';
    g.font = '13px sans-serif';
    g.fillText(heading.subtitle, x, 44, width - 24);
    g.drawImage(drawn, 0, HEADING_HEIGHT, width, height);
    return sheet.toDataURL('image/png');
  } finally {
    chart.dispose();
  }
}
