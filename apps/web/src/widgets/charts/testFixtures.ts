// Builders of widgets, answers and the chart environment for the option builders' tests.
import type { Widget, WidgetConfiguration, WidgetMetric } from '@sitelens/domain';
import type { RetailResult, RetailSeries } from '../core/retailData.graphql.ts';
import type { ChartEnv } from './chartEnv.ts';

const BREAKDOWNS: Record<string, string> = { MALE: 'Men', FEMALE: 'Women', ENGAGED: 'Engaged', NOT_ENGAGED: 'Not engaged' };

export function testEnv(overrides: Partial<ChartEnv> = {}): ChartEnv {
  return {
    locale: 'en',
    rtl: false,
    timeZone: 'Europe/Paris',
    dateFormat: 'DD/MM/YYYY',
    live: false,
    labels: {
      occupied: 'Occupied',
      free: 'Free',
      rest: 'Rest',
      workingDays: 'Weekdays',
      weekend: 'Weekend',
      soFar: 'so far',
      points: (value: string) => `${value} pts`,
      metricName: (id) => `metric:${id}`,
      breakdownValue: (v) => BREAKDOWNS[v],
    },
    // About the width of a digit of a sans-serif font.
    textWidth: (text, fontSize) => text.length * fontSize * 0.6,
    ...overrides,
  };
}

export function testWidget(type: string, metrics: Array<string | WidgetMetric>, configuration: WidgetConfiguration = {}): Widget {
  return {
    id: 1,
    pageId: 1,
    type,
    title: 'Test',
    category: 'global',
    order: 0,
    kind: 'custom',
    zoneIds: [],
    deviceIds: [],
    passageIds: [],
    alertIds: [],
    ignoredFilters: [],
    metrics: metrics.map((m) => (typeof m === 'string' ? { type: m } : m)),
    configuration,
  };
}

/** Hourly series from 2026-03-02 08:00 Paris (07:00Z). */
export function hourly(key: string, label: string, values: Array<number | null>, startIso = '2026-03-02T07:00:00.000Z'): RetailSeries {
  const start = Date.parse(startIso);
  return { key, label, points: values.map((value, i) => ({ t: new Date(start + i * 3_600_000).toISOString(), key: null, value })) };
}

export function keyed(key: string, label: string, points: Record<string, number | null>): RetailSeries {
  return { key, label, points: Object.entries(points).map(([k, value]) => ({ t: null, key: k, value })) };
}

export function total(key: string, label: string, value: number | null): RetailSeries {
  return { key, label, points: [{ t: null, key: null, value }] };
}

export function result(metric: string, series: RetailSeries[], unit: string | null = null): RetailResult {
  return { metric, unit, series };
}
