import { describe, expect, it } from 'vitest';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { defaultZoneMetric, orderZones, zoneRequests, zonesWithin } from './zoneFigures.ts';

const zone = (id: number, name: string, parentIds: number[] = [], isDeleted = false) => ({ id, name, parentIds, sensorId: null, isDisabled: false, isDeleted });

describe('orderZones', () => {
  it('puts each parent before its children, siblings by name, and leaves deleted zones out', () => {
    const zones = [zone(3, 'Zone 10', [1]), zone(1, 'Store'), zone(4, 'Fitting', [3]), zone(2, 'Zone 2', [1]), zone(5, 'Old', [1], true)];
    expect(orderZones(zones).map((z) => [z.name, z.depth])).toEqual([['Store', 0], ['Zone 2', 1], ['Zone 10', 1], ['Fitting', 2]]);
  });
  it('keeps the widget zones only when it names some, and stops at the limit', () => {
    const zones = [zone(1, 'Store'), zone(2, 'Ground', [1]), zone(3, 'Level 1', [1]), zone(4, 'Shop', [2])];
    expect(orderZones(zones, [3, 2]).map((z) => [z.name, z.depth])).toEqual([['Ground', 0], ['Level 1', 0]]);
    expect(orderZones([zone(1, 'A'), zone(2, 'B'), zone(3, 'C')], [], 2).map((z) => z.id)).toEqual([1, 2]);
  });
});

describe('defaultZoneMetric', () => {
  it('follows the page kind', () => {
    expect(defaultZoneMetric('counting')).toBe('visitorsIn');
    expect(defaultZoneMetric('atmosphere')).toBe('co2');
    expect(defaultZoneMetric('energy')).toBe('electricityConsumption');
  });
});

describe('zonesWithin', () => {
  const tree = [
    { id: 1, parentIds: [] },
    { id: 2, parentIds: [1] },
    { id: 3, parentIds: [1] },
    { id: 4, parentIds: [2] },
  ];
  it('keeps the selected zone and its dependents, every zone without a selection', () => {
    expect(zonesWithin(tree, 2).map((z) => z.id)).toEqual([2, 4]);
    expect(zonesWithin(tree, 3).map((z) => z.id)).toEqual([3]);
    expect(zonesWithin(tree, null)).toHaveLength(4);
  });
});

describe('zoneRequests', () => {
  const context: Pick<WidgetContext, 'filters' | 'site'> = {
    site: { id: 7, name: 'Lyon', timezone: 'UTC', changeOfDayTime: '00:00', openingHours: [], creationDate: '2024-01-01' },
    filters: { timespans: [{ dateBegin: '2026-11-02', dateEnd: '2026-11-02' }], zoneId: 40, gender: 'FEMALE', day: { operator: 'IS', days: [1, 2, 3, 4, 5] } },
  };
  it('asks each zone alone with the page’s filters, the page’s zone left to the listing', () => {
    const requests = zoneRequests([{ id: 3 }, { id: 4 }], 'visitorsIn', [], context, []);
    expect(requests.map((r) => r.target)).toEqual([{ kind: 'zone', ids: [3] }, { kind: 'zone', ids: [4] }]);
    expect(requests[0]!.filters.conditions.map((c) => c.type)).toEqual(['date', 'day', 'gender']);
  });
  it('lets the metric’s own gender and days replace the page’s, as charts and KPIs do (the server takes one of each)', () => {
    const own = [
      { type: 'gender', values: ['MALE'] },
      { type: 'day', operator: 'IS_NOT' as const, values: ['7'] },
    ];
    const [request] = zoneRequests([{ id: 3 }], 'visitorsIn', own, context, []);
    expect(request!.filters.conditions.filter((c) => c.type === 'gender')).toEqual([{ type: 'gender', values: ['MALE'] }]);
    expect(request!.filters.conditions.filter((c) => c.type === 'day')).toEqual([{ type: 'day', operator: 'IS_NOT', values: ['7'] }]);
  });
  it('leaves out the filters the widget ignores', () => {
    const [request] = zoneRequests([{ id: 3 }], 'visitorsIn', [], context, ['gender', 'day']);
    expect(request!.filters.conditions.map((c) => c.type)).toEqual(['date']);
  });
});
