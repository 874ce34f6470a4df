import { describe, expect, it } from 'vitest';
import { widgetEditorDefault } from '@sitelens/domain';
import { siteTop } from './siteTop.ts';

// Galeries Rhône as the editor's zone query answers it: the whole centre, three floors, shops on them.
const ZONES = [
  { id: 1, parentIds: [], isDeleted: false },
  { id: 2, parentIds: [1], isDeleted: false },
  { id: 3, parentIds: [1], isDeleted: false },
  { id: 4, parentIds: [1], isDeleted: false },
  { id: 5, parentIds: [2], isDeleted: false },
  { id: 6, parentIds: [3], isDeleted: false },
  { id: 7, parentIds: [1], isDeleted: true },
];

describe('the site a new widget is made for', () => {
  it('is the top zone and its live children, not their shops nor a deleted floor', () => {
    expect(siteTop(ZONES)).toEqual({ topZoneId: 1, childZoneIds: [2, 3, 4] });
    expect(siteTop([])).toEqual({ topZoneId: null, childZoneIds: [] });
    expect(siteTop([{ id: 9, parentIds: [], isDeleted: false }])).toEqual({ topZoneId: 9, childZoneIds: [] });
  });

  it('gives the gallery a pie of the floors and a gauge of the capture rate', () => {
    const site = { families: ['counting', 'sales'], ...siteTop(ZONES) };
    expect(widgetEditorDefault('pieChart', site, 'Pie chart')).toMatchObject({ zoneIds: [2, 3, 4], metrics: [{ type: 'visitorsIn', groupBy: { type: 'zone' } }] });
    expect(widgetEditorDefault('circleChart', site, 'Gauge')).toMatchObject({ zoneIds: [1], metrics: [{ type: 'captureRate' }] });
  });
});
