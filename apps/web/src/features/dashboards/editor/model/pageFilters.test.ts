import { describe, expect, it } from 'vitest';
import type { GlobalWidgetFilter } from '@sitelens/domain';
import { withDatePreset, withZones } from './pageFilters.ts';

const day: GlobalWidgetFilter = { id: 4, type: 'day', order: 0, dayFilters: { operator: 'IS_NOT', values: [0] } };

describe('a page’s preset filters', () => {
  it('sets, changes and removes the zone filter, keeping the others', () => {
    const zoned = withZones([day], [7, 8]);
    expect(zoned).toEqual([day, { id: 5, type: 'zone', order: 1, zoneIds: [7, 8] }]);
    expect(withZones(zoned, [9]).find((f) => f.type === 'zone')).toEqual({ id: 5, type: 'zone', order: 1, zoneIds: [9] });
    expect(withZones(zoned, [])).toEqual([day]);
  });

  it('sets, changes and removes the timespan preset', () => {
    const preset = withDatePreset([day], 'last7Days');
    expect(preset.find((f) => f.type === 'timespan')).toMatchObject({ datePreset: 'last7Days' });
    expect(withDatePreset(preset, 'lastMonth').filter((f) => f.type === 'timespan')).toHaveLength(1);
    expect(withDatePreset(preset, null)).toEqual([day]);
  });
});
