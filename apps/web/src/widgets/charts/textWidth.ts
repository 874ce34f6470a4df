let context: CanvasRenderingContext2D | null | undefined;

/**
 * The width in px of a text in ECharts' default font (sans-serif) at a size, measured on a canvas
 * as ECharts measures its own labels; about 0.6 em a character where there is no canvas.
 */
export function textWidth(text: string, fontSize: number): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * fontSize * 0.6;
  context.font = `${fontSize}px sans-serif`;
  return context.measureText(text).width;
}
