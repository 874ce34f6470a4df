import { describe, expect, it } from 'vitest';
import type { ColorimetryBand, WidgetMetric } from '@sitelens/domain';
import { MIN_KPI_CARD_WIDTH, type LiveEntry, csvChange, kpiCardColumns, kpiCards, kpiRows, showsLiveReading } from './kpiCards.ts';
import { CARD_GAP, columnsAt } from '../shared/cardColumns.ts';
import type { Kpi } from './kpiQuery.ts';

const bands: ColorimetryBand[] = [
  { limits: [0, 800], color: 'green', text: 'Good' },
  { limits: [800, 1200], color: 'orange', text: 'Fair' },
];
const kpi = (metric: string, value: number | null, previousValue: number | null = null, evolution: number | null = null): Kpi => ({ metric, unit: null, value, previousValue, evolution, soFar: false, missingMetrics: [] });
const reading = (metric: string, targetId: number, value: number, ts = '2026-11-20T10:00:00.000Z'): LiveEntry => ({ metric, targetId, label: `T${targetId}`, ts, value });

describe('kpiCards', () => {
  it('picks the band with low <= value < high, the upper limit belonging to the next band', () => {
    const metrics: WidgetMetric[] = [{ type: 'co2', configuration: { colorimetry: bands } }];
    const at = (v: number) => kpiCards({ metrics, figures: [kpi('co2', v)], liveValues: [], live: false })[0]!;
    expect(at(0).band?.text).toBe('Good');
    expect(at(799.9).band?.text).toBe('Good');
    expect(at(800).band?.text).toBe('Fair');
    expect(at(800).outOfRange).toBe(false);
  });

  it('flags a value outside every band (no badge), but not a missing value or a card without bands', () => {
    const metrics: WidgetMetric[] = [{ type: 'co2', configuration: { colorimetry: bands } }, { type: 'visitorsIn' }];
    const [above, plain] = kpiCards({ metrics, figures: [kpi('co2', 1200), kpi('visitorsIn', 3)], liveValues: [], live: false });
    expect(above).toMatchObject({ band: null, outOfRange: true });
    expect(plain).toMatchObject({ band: null, outOfRange: false });
    const [missing] = kpiCards({ metrics, figures: [kpi('co2', null), undefined], liveValues: [], live: false });
    expect(missing).toMatchObject({ value: null, outOfRange: false });
  });

  it('keeps the label, description, tooltip, previous value and evolution of the period', () => {
    const metrics: WidgetMetric[] = [{ type: 'visitorsIn', configuration: { label: ' Entries ', customDescription: 'Main door', tooltip: 'People who came in' } }];
    const [card] = kpiCards({ metrics, figures: [kpi('visitorsIn', 120, 100, 20)], liveValues: [], live: false });
    expect(card).toMatchObject({ label: 'Entries', description: 'Main door', tooltip: 'People who came in', value: 120, previousValue: 100, evolution: 20, live: false });
  });

  it('keeps the comparison the widget asks, and with none shows no previous value and no evolution', () => {
    const metrics: WidgetMetric[] = [{ type: 'visitorsIn' }];
    const figure = { ...kpi('visitorsIn', 120, 100, 20), soFar: true };
    expect(kpiCards({ metrics, figures: [figure], liveValues: [], live: false })[0]).toMatchObject({ comparison: 'previousPeriod', previousValue: 100, evolution: 20, soFar: true });
    expect(kpiCards({ metrics, figures: [figure], liveValues: [], live: false, comparison: 'previousYear' })[0]).toMatchObject({ comparison: 'previousYear', previousValue: 100, evolution: 20, soFar: true });
    // An answer asked before the switch to none (still on screen while the new one comes) shows no change either.
    expect(kpiCards({ metrics, figures: [figure], liveValues: [], live: false, comparison: 'none' })[0]).toMatchObject({ comparison: 'none', value: 120, previousValue: null, evolution: null, soFar: false });
  });

  it('shows the mean latest reading of a level metric when live, and keeps totals for counts', () => {
    const metrics: WidgetMetric[] = [{ type: 'co2' }, { type: 'visitorsIn' }];
    const liveValues = [[reading('co2', 1, 600), reading('co2', 2, 700, '2026-11-20T10:05:00.000Z')], [reading('visitorsIn', 1, 4)]];
    const [co2, visitors] = kpiCards({ metrics, figures: [kpi('co2', 550, 500, 10), kpi('visitorsIn', 300, 250, 20)], liveValues, live: true });
    expect(co2).toMatchObject({ value: 650, live: true, evolution: null, liveAt: Date.parse('2026-11-20T10:05:00.000Z') });
    expect(co2!.liveEntries).toHaveLength(2);
    expect(visitors).toMatchObject({ value: 300, live: false, evolution: 20, liveEntries: [] });
  });

  it('falls back to the period figure when the page is not live or no reading came', () => {
    const metrics: WidgetMetric[] = [{ type: 'co2' }];
    expect(kpiCards({ metrics, figures: [kpi('co2', 550)], liveValues: [[reading('co2', 1, 600)]], live: false })[0]).toMatchObject({ value: 550, live: false });
    expect(kpiCards({ metrics, figures: [kpi('co2', 550)], liveValues: [[]], live: true })[0]).toMatchObject({ value: 550, live: false });
  });
});

describe('showsLiveReading', () => {
  it('holds for stored level metrics only', () => {
    expect(showsLiveReading('co2')).toBe(true);
    expect(showsLiveReading('queueLength')).toBe(true);
    expect(showsLiveReading('visitorsIn')).toBe(false);
    expect(showsLiveReading('dwell')).toBe(false);
    expect(showsLiveReading('inside')).toBe(false);
    expect(showsLiveReading('nope')).toBe(false);
  });
});

describe('kpiRows', () => {
  it('lays cards out four per row', () => {
    expect(kpiRows([1, 2, 3, 4, 5, 6])).toEqual([[1, 2, 3, 4], [5, 6]]);
    expect(kpiRows([1, 2, 3, 4])).toEqual([[1, 2, 3, 4]]);
    expect(kpiRows([])).toEqual([]);
  });
});

describe('kpiCardColumns', () => {
  it('puts fewer, wider cards on a row when the widget is narrow, four at most', () => {
    const at = (width: number) => columnsAt(kpiCardColumns, width);
    // The widget's content box beside the editor's panel at 1024 px (about 480 px before the
    // small-screen scale): two cards of about 230 px, not four of 110.
    expect(at(480)).toBe(2);
    // A full-width widget on a page, at 1024 px (about 890 px) and at 1440 px: four.
    expect(at(890)).toBe(4);
    expect(at(1200)).toBe(4);
    expect(at(300)).toBe(1);
    // Each card at least MIN_KPI_CARD_WIDTH wide at every breakpoint.
    for (const [width, n] of Object.entries(kpiCardColumns).slice(1)) expect((Number.parseFloat(width) - (n - 1) * CARD_GAP) / n).toBeGreaterThanOrEqual(MIN_KPI_CARD_WIDTH);
  });
});

describe('csvChange', () => {
  it('writes a relative change with two decimals, and none of a temperature', () => {
    expect(csvChange('visitorsIn', 12.345)).toBe(12.35);
    expect(csvChange('visitorsIn', null)).toBeNull();
    // 22.5 → 22.6 °C is not "+0.44 %": the CSV has the two values, not a percentage of a Celsius value.
    expect(csvChange('temperature', 0.44)).toBeNull();
    expect(csvChange('outdoorTemperature', -50)).toBeNull();
  });
});
