import type { ColorimetryBand, MapViewConfig } from '@sitelens/domain';

export const COUNT_BANDS: ColorimetryBand[] = [
  { limits: [0, 25], color: '#DBEAFE', text: 'Quiet' },
  { limits: [25, 50], color: '#93C5FD', text: 'Steady' },
  { limits: [50, 75], color: '#3B82F6', text: 'Busy' },
  { limits: [75, 100], color: '#1D4ED8', text: 'Peak' },
];

/** A small plan: an outline path, two shops, a door and a decoration without data. */
export function planConfig(overrides: Partial<MapViewConfig> = {}): MapViewConfig {
  return {
    version: 1,
    maxWidth: 1000,
    height: 600,
    layers: [{ name: 'Ground', backgroundColor: '#F1F5F9' }],
    elements: [
      { zoneId: 1, name: 'Mall', path: 'M90 30 H970 V540 H30 V90 Z', backgroundColor: '#F8FAFC' },
      { zoneId: 2, name: 'Shoes', x: 50, y: 50, width: 200, height: 100, backgroundColor: '#EEF2FF' },
      { zoneId: 3, name: 'Books', x: 300, y: 50, width: 200, height: 100, tagId: 7 },
      { passageId: 9, name: 'Main door', x: 100, y: 530, width: 56, height: 14, tooltipPosition: 'bottom' },
      { name: 'Escalator', x: 600, y: 300, width: 40, height: 40 },
    ],
    filterOptions: [
      { title: 'Visitors', zoneIds: [2, 3], metrics: [{ type: 'visitorsIn', colorimetry: COUNT_BANDS }] },
      { title: 'Doors', passageIds: [9], metrics: [{ type: 'visitorsIn' }], tooltipConfig: { mode: 'always' } },
    ],
    filterType: 'custom',
    colorimetry: COUNT_BANDS,
    ...overrides,
  };
}
