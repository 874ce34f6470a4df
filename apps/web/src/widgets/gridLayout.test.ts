import { describe, expect, it } from 'vitest';
import { gridColumns, gridSpans } from './gridLayout.ts';

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
    expect(gridColumns(800, 24)).toBe(1);
    expect(gridColumns(1100, 24)).toBe(2);
  });
});
