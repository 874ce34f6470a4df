/** Draws a table's text onto a canvas for the PNG export (tables are HTML, not a chart canvas). */
export function tablePng(header: string[], rows: string[][], opts: { rtl: boolean; rowHeight: number }): string | null {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return null;
  const font = '14px system-ui, sans-serif';
  const bold = '600 14px system-ui, sans-serif';
  const padding = 16;
  context.font = bold;
  const widths = header.map((h, c) => {
    context.font = bold;
    let w = context.measureText(h).width;
    context.font = font;
    for (const row of rows) w = Math.max(w, context.measureText(row[c] ?? '').width);
    return Math.ceil(w) + 2 * padding;
  });
  const width = widths.reduce((a, b) => a + b, 0);
  const height = (rows.length + 1) * opts.rowHeight;
  const scale = 2;
  canvas.width = width * scale;
  canvas.height = height * scale;
  context.scale(scale, scale);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'middle';
  context.direction = opts.rtl ? 'rtl' : 'ltr';
  const drawRow = (cells: string[], y: number, weight: string) => {
    context.font = weight;
    let x = opts.rtl ? width : 0;
    cells.forEach((cell, c) => {
      const w = widths[c] ?? 0;
      if (opts.rtl) x -= w;
      context.fillStyle = '#212529';
      context.textAlign = opts.rtl ? 'right' : 'left';
      context.fillText(cell, opts.rtl ? x + w - padding : x + padding, y + opts.rowHeight / 2);
      if (!opts.rtl) x += w;
    });
    context.fillStyle = '#dee2e6';
    context.fillRect(0, y + opts.rowHeight - 1, width, 1);
  };
  drawRow(header, 0, bold);
  rows.forEach((row, r) => drawRow(row, (r + 1) * opts.rowHeight, font));
  return canvas.toDataURL('image/png');
}
