import { describe, expect, it } from 'vitest';
import { gridColumns, gridSpans, widgetMinHeight } from './gridLayout.ts';

/** Rows as the spans lay them out: every row must add up to the column count. */
const rows = (spans: number[], columns: number) => {
  const out: number[][] = [];
  let row: number[] = [];
  for (const span of spans) {
    row.push(span);
    if (row.reduce((a, b) => a + b, 0) >= columns) {
      out.push(row);
      row = [];
    }
  }
  if (row.length) out.push(row);
  return out;
};

describe('gridSpans', () => {
  it.each([
    ['the counting page: a lone line chart between full-width widgets takes the row', ['kpis', 'lineChart', 'barChart', 'pieChart', 'columnChart', 'table'], [2, 2, 2, 1, 1, 2]],
    ['pairs of charts share rows', ['lineChart', 'pieChart', 'columnChart', 'areaChart'], [1, 1, 1, 1]],
    ['an odd chart at the end takes the row', ['lineChart', 'pieChart', 'columnChart'], [1, 1, 2]],
    ['the air-quality page', ['kpis', 'lineChart', 'lineChart', 'lineChart', 'table', 'mapView'], [2, 1, 1, 2, 2, 2]],
  ])('%s', (_, types, spans) => {
    expect(gridSpans(types, 2)).toEqual(spans);
    expect(rows(gridSpans(types, 2), 2).every((row) => row.reduce((a, b) => a + b, 0) === 2)).toBe(true);
  });

  it('puts one widget per row on narrow pages', () => {
    expect(gridSpans(['lineChart', 'pieChart'], 1)).toEqual([1, 1]);
    expect(gridColumns(400, 24)).toBe(1);
    expect(gridColumns(683, 24)).toBe(1);
  });

  // The content beside the 240 px sidebar, less the page's padding and a scroll bar; a window up to
  // 1024 px is laid out at 1200 px and scaled down (useSmallScreenScale).
  it.each([
    ['a 1024 px window', 1200 - 240 - 48 - 15],
    ['a 1280 px window', 1280 - 240 - 48 - 15],
    ['a 1920 px window', 1920 - 240 - 48 - 15],
  ])('gives two columns in %s, so that a half-width widget shows as half', (_, width) => {
    expect(gridColumns(width, 24)).toBe(2);
    expect(gridSpans([{ type: 'lineChart', layout: { width: 'half' } }, { type: 'table' }], gridColumns(width, 24))).toEqual([1, 2]);
  });
});

describe('gridSpans with layouts', () => {
  const w = (type: string, width?: 'auto' | 'half' | 'full') => ({ type, layout: width ? { width } : null });
  it.each([
    ['auto keeps the rule of the type', [w('lineChart', 'auto'), w('pieChart'), w('table')], [1, 1, 2]],
    ['full takes the row whatever the type', [w('lineChart', 'full'), w('pieChart'), w('columnChart')], [2, 1, 1]],
    ['half shrinks a full-width type', [w('table', 'half'), w('kpis', 'half')], [1, 1]],
    ['half stays half, even alone on its row', [w('lineChart', 'half'), w('table')], [1, 2]],
    ['an auto widget before a widget set to full takes its row', [w('lineChart'), w('pieChart', 'full')], [2, 2]],
    ['a half after a lone half closes the row', [w('pieChart'), w('lineChart', 'half'), w('areaChart')], [1, 1, 2]],
  ])('%s', (_, items, spans) => {
    expect(gridSpans(items, 2)).toEqual(spans);
  });

  it('puts one widget per row on narrow pages, whatever their layout', () => {
    expect(gridSpans([w('lineChart', 'half'), w('table', 'full')], 1)).toEqual([1, 1]);
  });

  it('gives a height a minimum, and auto none', () => {
    expect(widgetMinHeight({ height: 'large' })).toBeGreaterThan(widgetMinHeight({ height: 'medium' })!);
    expect(widgetMinHeight({ height: 'medium' })).toBeGreaterThan(widgetMinHeight({ height: 'small' })!);
    expect(widgetMinHeight({ height: 'auto' })).toBeUndefined();
    expect(widgetMinHeight(null)).toBeUndefined();
  });
});
