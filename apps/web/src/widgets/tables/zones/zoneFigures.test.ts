import { describe, expect, it } from 'vitest';
import { defaultZoneMetric, orderZones, zonesWithin } from './zoneFigures.ts';

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
