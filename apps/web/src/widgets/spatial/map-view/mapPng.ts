import type { LegendEntry } from './legendEntries.ts';
import { LEGEND_PICTURE, layoutLegend } from './legendLayout.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const TEXT_COLOUR = '#1e293b';
const DIMMED_COLOUR = '#868e96';
const SWATCH_BORDER = 'rgba(15, 23, 42, 0.25)';

export interface MapPngOptions {
  rtl: boolean;
  /** The legend stands on the side: one entry a row. */
  vertical: boolean;
  /** A layer's background image as a data URL (fetched with the session), null when it cannot be read. */
  imageDataUrl: (url: string) => Promise<string | null>;
  /** Device pixels per CSS pixel; the screen's by default. */
  pixelRatio?: number;
}

/**
 * The plan's SVG standing alone, as an image sees it: an SVG drawn as an image loads nothing and
 * knows no style sheet, so layer images come in as data URLs (left out when they cannot be read)
 * and the labels' font is written on them.
 */
async function standalonePlan(svg: SVGSVGElement, width: number, height: number, imageDataUrl: MapPngOptions['imageDataUrl']): Promise<string> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  await Promise.all(
    [...copy.querySelectorAll('image')].map(async (image) => {
      const href = image.getAttribute('href') ?? image.getAttributeNS(XLINK_NS, 'href');
      const data = href ? await imageDataUrl(href) : null;
      if (data) image.setAttribute('href', data);
      else image.remove();
    }),
  );
  const texts = svg.querySelectorAll('text');
  copy.querySelectorAll('text').forEach((text, i) => {
    const style = getComputedStyle(texts[i] ?? svg);
    text.setAttribute('font-family', style.fontFamily);
    text.setAttribute('font-weight', style.fontWeight);
  });
  return new XMLSerializer().serializeToString(copy);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The floor plan could not be drawn.'));
    image.src = src;
  });
}

/**
 * The map view as a PNG data URL (spec 001 §4 widget menus): the floor plan as drawn (layers,
 * backgrounds, elements in their colours, their names) at its width on screen, the legend under
 * it, on white, at the device pixel ratio.
 */
export async function mapPng(svg: SVGSVGElement, legend: readonly LegendEntry[], opts: MapPngOptions): Promise<string | null> {
  const box = svg.viewBox.baseVal;
  const width = Math.round(svg.clientWidth || box?.width || 0);
  if (!box || box.width <= 0 || box.height <= 0 || width <= 0) return null;
  const planHeight = Math.round((width * box.height) / box.width);
  const markup = await standalonePlan(svg, width, planHeight, opts.imageDataUrl);
  const plan = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);

  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const font = `${LEGEND_PICTURE.fontSize}px ${getComputedStyle(svg.ownerDocument.body).fontFamily}`;
  context.font = font;
  const layout = layoutLegend(legend, { width, rtl: opts.rtl, vertical: opts.vertical, measure: (text) => context.measureText(text).width });
  const ratio = opts.pixelRatio ?? Math.max(1, window.devicePixelRatio || 1);
  // Sizing the canvas resets its context: the font is set again below.
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round((planHeight + layout.height) * ratio);
  context.scale(ratio, ratio);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, planHeight + layout.height);
  context.drawImage(plan, 0, 0, width, planHeight);

  const { swatch, rowHeight } = LEGEND_PICTURE;
  context.font = font;
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  context.direction = opts.rtl ? 'rtl' : 'ltr';
  for (const entry of layout.entries) {
    const top = planHeight + entry.y;
    if (entry.color) {
      context.beginPath();
      context.roundRect(entry.swatchX, top + (rowHeight - swatch) / 2, swatch, swatch, 3);
      context.fillStyle = entry.color;
      context.fill();
      context.strokeStyle = SWATCH_BORDER;
      context.stroke();
    }
    for (const run of entry.runs) {
      context.fillStyle = run.dimmed ? DIMMED_COLOUR : TEXT_COLOUR;
      context.fillText(run.text, run.x, top + rowHeight / 2);
    }
  }
  return canvas.toDataURL('image/png');
}
