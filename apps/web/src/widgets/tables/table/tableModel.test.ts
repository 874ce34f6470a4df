import { describe, expect, it } from 'vitest';
import type { RetailResult } from '../../core/retailData.graphql.ts';
import { buildTableModel, nextSort, sortTableRows } from './tableModel.ts';

const byZone: RetailResult[] = [
  { metric: 'visitorsIn', unit: null, series: [
    { key: '1', label: 'Store', points: [{ t: null, key: null, value: 120 }] },
    { key: '2', label: 'Cafe', points: [{ t: null, key: null, value: 45 }] },
  ] },
  { metric: 'dwell', unit: 's', series: [
    { key: '2', label: 'Cafe', points: [{ t: null, key: null, value: 600 }] },
    { key: '3', label: 'Terrace', points: [] },
  ] },
];

const byHour: RetailResult[] = [
  { metric: 'visitorsIn', unit: null, series: [{ key: 'all', label: 'all', points: [
    { t: '2026-11-20T10:00:00.000Z', key: null, value: 5 },
    { t: '2026-11-20T09:00:00.000Z', key: null, value: 3 },
  ] }] },
  { metric: 'visitorsOut', unit: null, series: [{ key: 'all', label: 'all', points: [
    { t: '2026-11-20T09:00:00.000Z', key: null, value: 1 },
    { t: '2026-11-20T11:00:00.000Z', key: null, value: 7 },
  ] }] },
];

describe('buildTableModel', () => {
  it('makes each entity a row and each metric a column when series hold one value', () => {
    const model = buildTableModel(byZone);
    expect(model.layout).toBe('entities');
    expect(model.columns.map((c) => c.metric)).toEqual(['visitorsIn', 'dwell']);
    expect(model.rows.map((r) => [r.label.kind === 'series' && r.label.text, ...r.cells])).toEqual([
      ['Store', 120, null],
      ['Cafe', 45, 600],
      ['Terrace', null, null],
    ]);
  });

  it('makes each time a row, in time order, with the metrics side by side', () => {
    const model = buildTableModel(byHour);
    expect(model.layout).toBe('points');
    expect(model.rows.map((r) => [r.id, ...r.cells])).toEqual([
      ['2026-11-20T09:00:00.000Z', 3, 1],
      ['2026-11-20T10:00:00.000Z', 5, null],
      ['2026-11-20T11:00:00.000Z', null, 7],
    ]);
    expect(model.columns.every((c) => c.seriesLabel === null)).toBe(true);
  });

  it('names columns from the widget headers, the first one for the label column, blanks keeping the default', () => {
    const model = buildTableModel(byZone, ['Zone', '', 'Time spent']);
    expect(model.labelHeader).toBe('Zone');
    expect(model.columns.map((c) => c.header)).toEqual([null, 'Time spent']);
  });

  it('takes a null headers list (the API default) as no headers', () => {
    const model = buildTableModel(byZone, null);
    expect([model.labelHeader, ...model.columns.map((c) => c.header)]).toEqual([null, null, null]);
  });

  it('labels series columns when a metric has several series on a time axis', () => {
    const split: RetailResult[] = [{ metric: 'visitorsIn', unit: null, series: [
      { key: 'MALE', label: 'MALE', points: [{ t: '2026-11-20T09:00:00.000Z', key: null, value: 1 }, { t: '2026-11-20T10:00:00.000Z', key: null, value: 2 }] },
      { key: 'FEMALE', label: 'FEMALE', points: [{ t: '2026-11-20T09:00:00.000Z', key: null, value: 4 }] },
    ] }];
    const model = buildTableModel(split);
    expect(model.columns.map((c) => c.seriesLabel)).toEqual(['MALE', 'FEMALE']);
    expect(model.rows.map((r) => r.cells)).toEqual([[1, 4], [2, null]]);
  });
});

describe('sortTableRows', () => {
  const rows = buildTableModel(byZone).rows;
  it('orders by a value column, missing values last in both directions', () => {
    expect(sortTableRows(rows, { column: 0, direction: 'descending' }).map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(sortTableRows(rows, { column: 0, direction: 'ascending' }).map((r) => r.id)).toEqual(['2', '1', '3']);
    expect(sortTableRows(rows, { column: 1, direction: 'ascending' }).map((r) => r.id)).toEqual(['2', '1', '3']);
  });
  it('orders by the label column alphabetically, and times chronologically', () => {
    expect(sortTableRows(rows, { column: 'label', direction: 'ascending' }).map((r) => r.id)).toEqual(['2', '1', '3']);
    const times = buildTableModel(byHour).rows;
    expect(sortTableRows(times, { column: 'label', direction: 'descending' }).map((r) => r.cells[1])).toEqual([7, null, 1]);
  });
  it('keeps the given order without a sort', () => {
    expect(sortTableRows(rows, null).map((r) => r.id)).toEqual(['1', '2', '3']);
  });
});

describe('nextSort', () => {
  it('starts values largest first, labels A to Z, and flips on a second click', () => {
    expect(nextSort(null, 2)).toEqual({ column: 2, direction: 'descending' });
    expect(nextSort(null, 'label')).toEqual({ column: 'label', direction: 'ascending' });
    expect(nextSort({ column: 2, direction: 'descending' }, 2)).toEqual({ column: 2, direction: 'ascending' });
    expect(nextSort({ column: 2, direction: 'ascending' }, 0)).toEqual({ column: 0, direction: 'descending' });
  });
});
