import { formatDate, timeLabelEvery, zonedParts } from '@sitelens/domain';
import type { ChartCategory } from './chartData.ts';
import type { ChartEnv } from './chartEnv.ts';
import type { ValueScale } from './valueAxes.ts';

/** Font size of the axis labels. */
export const AXIS_FONT_SIZE = 12;
/** ECharts' space between an axis line and its labels. */
const LABEL_MARGIN = 8;
/** More ticks than this on a value axis is a scale gone wrong: only the ends are measured then. */
const MAX_MEASURED_TICKS = 40;

/** The width of a value axis' widest label. */
export function valueLabelsWidth(scale: ValueScale, env: ChartEnv): number {
  const ticks = scale.interval > 0 ? Math.floor((scale.max - scale.min) / scale.interval + 1e-9) : 0;
  const values = ticks > 0 && ticks <= MAX_MEASURED_TICKS ? Array.from({ length: ticks + 1 }, (_, i) => scale.min + i * scale.interval) : [scale.min, scale.max];
  return Math.max(0, ...values.map((v) => env.textWidth(scale.label(v), AXIS_FONT_SIZE)));
}

export interface TimeAxisRoom {
  /** The chart's width. */
  width: number;
  /** The grid's margins on either side. */
  margins: number;
  /** On either side, how far the value axes and their labels reach out from the plot (offset + label width). */
  startAxes: number;
  endAxes: number;
  /** Columns sit in bands (a label under each band's middle); lines run from edge to edge. */
  bands: boolean;
}

export interface TimeAxisLabels {
  /** ECharts' label interval: how many buckets between two labels; 'auto' while the width is unknown. */
  interval: number | 'auto';
  /** Labels a day or more apart that fall at midnight are written as the date alone. */
  formatter?: (value: string, index: number) => string;
  /** How far a label at the far end of the axis reaches past it, for the grid to leave room. */
  overhang: number;
}

const DAY = 86_400;

/**
 * The labels of a time axis, so that neighbours keep their gap (spec 001 §9 axis steps,
 * timeLabelEvery of packages/domain). Along a line the first label starts at its tick, clear of the
 * value axis' lowest label (alignMinLabel): it and the next need one and a half label widths; the
 * others are centred under their ticks, a last one at the far end reaching half its width past it.
 * Columns centre every label in its band. The width along the axis is the chart's less its margins
 * and what the value axes' labels (or half a label) take. Buckets under a day labelled a day or
 * more apart (a week by the hour) are labelled at midnight with the date alone, which leaves room
 * for more of them.
 */
export function timeAxisLabels(categories: readonly ChartCategory[], granularity: number, room: TimeAxisRoom, env: ChartEnv): TimeAxisLabels {
  const n = categories.length;
  const width = (label: string) => env.textWidth(label, AXIS_FONT_SIZE);
  const widest = (labels: readonly string[]) => Math.max(0, ...labels.map(width));
  const fullWidth = widest(categories.map((c) => c.label));
  const axes = (reach: number) => (reach > 0 ? reach + LABEL_MARGIN : 0);
  const lengthFor = (labelWidth: number) => room.width - room.margins - axes(room.startAxes) - Math.max(axes(room.endAxes), room.bands ? 0 : labelWidth / 2);
  // The last label written, centred on its tick (or band), reaches past the axis end by what its half-width exceeds the distance to it.
  const overhang = (every: number, length: number, text: (index: number) => string) => {
    const last = Math.floor((n - 1) / every) * every;
    const bucket = length > 0 ? length / (room.bands ? n : Math.max(1, n - 1)) : 0;
    const toEnd = (n - 1 - last + (room.bands ? 0.5 : 0)) * bucket;
    return Math.max(0, width(text(last)) / 2 - toEnd);
  };
  const label = (index: number) => categories[index]?.label ?? '';
  if (n < 2 || room.width <= 0) return { interval: n < 2 ? 0 : 'auto', overhang: n < 2 ? overhang(1, 0, label) : fullWidth / 2 };
  const every = (labelWidth: number) => {
    const length = lengthFor(labelWidth);
    if (length <= 0) return null;
    return timeLabelEvery({ granularity, bucketWidth: length / (room.bands ? n : n - 1), labelWidth: room.bands ? labelWidth : labelWidth * 1.5 });
  };
  const full = every(fullWidth);
  if (full === null) return { interval: 'auto', overhang: fullWidth / 2 };
  const perDay = DAY / granularity;
  const first = categories[0]?.t;
  if (!Number.isInteger(perDay) || perDay <= 1 || full < perDay || first == null || !atMidnight(first, env.timeZone)) {
    return { interval: full - 1, overhang: overhang(full, lengthFor(fullWidth), label) };
  }
  const dates = categories.map((c) => (c.t === null ? c.label : formatDate(c.t, { format: env.dateFormat, tz: env.timeZone })));
  const dateWidth = widest(dates);
  const days = Math.ceil(Math.max(every(dateWidth) ?? full, perDay) / perDay) * perDay;
  // A label off midnight (after a day of 23 or 25 hours) keeps its hour.
  const written = (index: number) => {
    const t = categories[index]?.t;
    return t != null && atMidnight(t, env.timeZone) ? (dates[index] ?? label(index)) : label(index);
  };
  return { interval: days - 1, formatter: (_value, index) => written(index), overhang: overhang(days, lengthFor(dateWidth), written) };
}

function atMidnight(ts: number, tz: string): boolean {
  const p = zonedParts(ts, tz);
  return p.hour === 0 && p.minute === 0;
}
