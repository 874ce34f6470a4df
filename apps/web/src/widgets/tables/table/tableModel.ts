import type { RetailPoint, RetailResult } from '../../core/retailData.graphql.ts';

/** A value column: one metric, or one series of a metric. */
export interface TableColumn {
  id: string;
  metric: string;
  /** The series label when a metric has several series and they are columns. */
  seriesLabel: string | null;
  /** From widget.headers when given, else null (the renderer names it after the metric). */
  header: string | null;
}

export interface TableRow {
  id: string;
  /** What the first column shows, before formatting: a series label, a time or a key. */
  label: { kind: 'series'; text: string; key: string } | { kind: 'time'; t: string } | { kind: 'key'; key: string };
  /** Sorts the first column: epoch ms for times, else the text. */
  sortKey: number | string;
  cells: Array<number | null>;
}

export interface TableModel {
  /**
   * `entities`: each series (zone, tag, gender, ... or the total) is a row and each metric a column;
   * `points`: each time or key is a row and each metric (and series) a column.
   */
  layout: 'entities' | 'points';
  /** widget.headers[0] when given. */
  labelHeader: string | null;
  columns: TableColumn[];
  rows: TableRow[];
}

const pointKey = (p: RetailPoint): string => p.t ?? p.key ?? '';

/**
 * The rows and columns of a table widget. When every series holds at most one point (group-by all,
 * zone, tag, gender ...) series are rows and metrics columns, so the same entity reads across;
 * otherwise (a time or key axis) the points are rows, in order, and each metric's series a column.
 * `headers` name the first column then the value columns, in order; empty ones keep the default.
 */
export function buildTableModel(results: readonly RetailResult[], headers?: readonly string[] | null): TableModel {
  // The API sends null for a widget without headers.
  const header = (i: number): string | null => headers?.[i]?.trim() || null;
  const entities = results.every((r) => r.series.every((s) => s.points.length <= 1));
  if (entities) {
    const columns: TableColumn[] = results.map((r, i) => ({ id: `${i}:${r.metric}`, metric: r.metric, seriesLabel: null, header: header(i + 1) }));
    const rows = new Map<string, TableRow>();
    results.forEach((result, c) => {
      for (const series of result.series) {
        let row = rows.get(series.key);
        if (!row) {
          row = { id: series.key, label: { kind: 'series', text: series.label, key: series.key }, sortKey: series.label, cells: columns.map(() => null) };
          rows.set(series.key, row);
        }
        row.cells[c] = series.points[0]?.value ?? null;
      }
    });
    return { layout: 'entities', labelHeader: header(0), columns, rows: [...rows.values()] };
  }

  const columns: TableColumn[] = [];
  const cellsByColumn: Array<Map<string, number | null>> = [];
  const rows = new Map<string, TableRow>();
  for (const [r, result] of results.entries()) {
    for (const series of result.series) {
      columns.push({
        id: `${r}:${result.metric}:${series.key}`,
        metric: result.metric,
        seriesLabel: result.series.length > 1 ? series.label : null,
        header: header(columns.length + 1),
      });
      const cells = new Map<string, number | null>();
      for (const point of series.points) {
        const key = pointKey(point);
        cells.set(key, point.value);
        if (!rows.has(key)) {
          const label: TableRow['label'] = point.t !== null ? { kind: 'time', t: point.t } : { kind: 'key', key: point.key ?? '' };
          rows.set(key, { id: key, label, sortKey: point.t !== null ? Date.parse(point.t) : (point.key ?? ''), cells: [] });
        }
      }
      cellsByColumn.push(cells);
    }
  }
  const ordered = [...rows.values()].sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  for (const row of ordered) row.cells = cellsByColumn.map((cells) => cells.get(row.id) ?? null);
  return { layout: 'points', labelHeader: header(0), columns, rows: ordered };
}

export type SortDirection = 'ascending' | 'descending';
/** Which column sorts the rows: 'label' for the first column, else a value column's index. */
export interface TableSort {
  column: 'label' | number;
  direction: SortDirection;
}

function compareKeys(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** The rows in the chosen order; missing values stay last in both directions, ties keep their order. */
export function sortTableRows(rows: readonly TableRow[], sort: TableSort | null): TableRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const { column } = sort;
  return [...rows].sort((a, b) => {
    if (column === 'label') return sign * compareKeys(a.sortKey, b.sortKey);
    const x = a.cells[column] ?? null;
    const y = b.cells[column] ?? null;
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * (x - y);
  });
}

/** A header click: a new column starts descending for values (largest first), ascending for labels; the same column flips. */
export function nextSort(current: TableSort | null, column: 'label' | number): TableSort {
  if (current?.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: column === 'label' ? 'ascending' : 'descending' };
}
