import { weekdayName, zonedParts } from '@sitelens/domain';
import type { ChartData } from './chartData.ts';
import { seriesFigure } from './chartItems.ts';

/** A grid chart's matrix: row and column labels and the [column, row, value] cells. */
export interface GridCells {
  rows: string[];
  columns: string[];
  cells: Array<[number, number, number]>;
  /** The metric whose rules format the values. */
  metric: string;
}

const DAY = 86_400;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Buckets finer than a day fold into a week: rows the weekdays present (Monday first), columns the local hours that
 * have data, each cell the mean of that weekday-hour's buckets (the series of the bucket combined
 * as their metric adds up: summed counts, averaged levels).
 */
function weekByHour(data: ChartData, locale: string, tz: string): GridCells {
  const metric = data.series[0]!.metric;
  const sums = new Map<string, { sum: number; n: number }>();
  const hours = new Set<number>();
  data.categories.forEach((c, i) => {
    const value = seriesFigure(metric, data.series.map((s) => s.values[i] ?? null));
    if (value === null || c.t === null) return;
    const p = zonedParts(c.t, tz);
    // ISO weekday of the local date, Monday 1.
    const weekday = ((new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7) + 1;
    hours.add(p.hour);
    const key = `${weekday}:${p.hour}`;
    const cell = sums.get(key) ?? { sum: 0, n: 0 };
    cell.sum += value;
    cell.n += 1;
    sums.set(key, cell);
  });
  const hourList = [...hours].sort((a, b) => a - b);
  // Only the weekdays the range holds, Monday first: a single day is a single row.
  const weekdays = [...new Set([...sums.keys()].map((key) => Number(key.split(':')[0])))].sort((a, b) => a - b);
  const cells: GridCells['cells'] = [];
  for (const [key, { sum, n }] of sums) {
    const [weekday, hour] = key.split(':').map(Number) as [number, number];
    cells.push([hourList.indexOf(hour), weekdays.indexOf(weekday), sum / n]);
  }
  return { metric, rows: weekdays.map((d) => weekdayName(d, locale, 'short')), columns: hourList.map((h) => `${pad(h)}:00`), cells };
}

/** Anything else: a row per series, a column per category (day, weekday key, ...). */
function seriesByCategory(data: ChartData): GridCells {
  const cells: GridCells['cells'] = [];
  data.series.forEach((s, row) => s.values.forEach((v, col) => v !== null && cells.push([col, row, v])));
  return { metric: data.series[0]?.metric ?? '', rows: data.series.map((s) => s.name), columns: data.categories.map((c) => c.label), cells };
}

/** The grid chart's matrix (decision: weekday x hour for sub-day buckets, series x category otherwise). */
export function gridCells(data: ChartData, locale: string, tz: string): GridCells {
  if (data.series.length === 0) return { metric: '', rows: [], columns: [], cells: [] };
  return data.time && data.granularity < DAY ? weekByHour(data, locale, tz) : seriesByCategory(data);
}
