import { describe, expect, it } from 'vitest';
import type { Widget } from '@sitelens/domain';
import { testWidget } from '../charts/testFixtures.ts';
import { retailRequests } from './retailRequests.ts';
import type { WidgetContext } from './widgetContext.ts';

const widget = (over: Partial<Widget> = {}): Widget => ({
  ...testWidget('lineChart', [{ type: 'visitorsIn', groupBy: { type: 'date', aggregation: 'sum' }, granularity: 3600 }]),
  title: 'Visitors',
  ...over,
});

const context: WidgetContext = {
  site: { id: 7, name: 'Lyon', timezone: 'UTC', changeOfDayTime: '00:00', openingHours: [], creationDate: '2024-01-01' },
  filters: { timespans: [{ dateBegin: '2026-11-02', dateEnd: '2026-11-03' }], zoneId: 40, gender: 'FEMALE' },
  pageKind: 'counting',
};

describe('retailRequests', () => {
  it('sends the page filters, the metric shape and the zone filter as a zone condition', () => {
    const [request] = retailRequests(widget(), context, { dropInside: false });
    expect(request).toEqual({
      installationId: 7,
      metric: 'visitorsIn',
      granularity: 3600,
      groupBy: { type: 'date', aggregation: 'sum' },
      filters: {
        operator: 'AND',
        conditions: [
          { type: 'date', dateBegin: '2026-11-02T00:00:00.000Z', dateEnd: '2026-11-04T00:00:00.000Z' },
          { type: 'gender', values: ['FEMALE'] },
          { type: 'zone', values: ['40'] },
        ],
      },
    });
  });

  it('narrows a metric with fixed sensors or zones to the page zone instead of ignoring the filter', () => {
    const sensors = widget({ metrics: [{ type: 'co2', target: { kind: 'device', ids: [5, 6] } }] });
    const [request] = retailRequests(sensors, context, { dropInside: false });
    expect(request?.target).toEqual({ kind: 'device', ids: [5, 6] });
    expect(request?.filters.conditions).toContainEqual({ type: 'zone', values: ['40'] });
    const [ignoring] = retailRequests({ ...sensors, ignoredFilters: ['zone'] }, context, { dropInside: false });
    expect(ignoring?.filters.conditions.map((c) => c.type)).not.toContain('zone');
  });

  it('keeps a specific widget on its own zones and honours ignored filters', () => {
    const [request] = retailRequests(widget({ category: 'specific', zoneIds: [3, 4], ignoredFilters: ['gender'] }), context, { dropInside: false });
    expect(request?.target).toEqual({ kind: 'zone', ids: [3, 4] });
    expect(request?.filters.conditions.map((c) => c.type)).toEqual(['date']);
  });

  it('lets a metric’s own gender, engagement or days replace the page’s (one breakdown, one day rule per request)', () => {
    const own = (conditions: Array<{ type: string; operator?: 'IS' | 'IS_NOT'; values: string[] }>) =>
      widget({ metrics: [{ type: 'visitorsIn', filters: { conditions } }] });
    const withDays: WidgetContext = { ...context, filters: { ...context.filters, day: { operator: 'IS_NOT', days: [7] } } };
    const [men] = retailRequests(own([{ type: 'gender', values: ['MALE'] }]), withDays, { dropInside: false });
    expect(men?.filters.conditions.filter((c) => c.type === 'gender')).toEqual([{ type: 'gender', values: ['MALE'] }]);
    expect(men?.filters.conditions.map((c) => c.type)).toEqual(['date', 'day', 'zone', 'gender']);
    const [engaged] = retailRequests(own([{ type: 'engagement', values: ['ENGAGED'] }]), context, { dropInside: false });
    expect(engaged?.filters.conditions.map((c) => c.type)).toEqual(['date', 'zone', 'engagement']);
    const [mondays] = retailRequests(own([{ type: 'day', operator: 'IS', values: ['1'] }]), withDays, { dropInside: false });
    expect(mondays?.filters.conditions.filter((c) => c.type === 'day')).toEqual([{ type: 'day', operator: 'IS', values: ['1'] }]);
    expect(mondays?.filters.conditions).toContainEqual({ type: 'gender', values: ['FEMALE'] });
  });

  it('drops inside when asked and limits metrics with a range limit', () => {
    const requests = retailRequests(widget({ metrics: [{ type: 'inside' }, { type: 'uniqueVisitors' }] }), context, { dropInside: true });
    expect(requests.map((r) => [r.metric, r.maxRangeDays])).toEqual([['uniqueVisitors', 14]]);
  });
});
