import { describe, expect, it } from 'vitest';
import { MAP_VIEW_CONFIG_VERSION, isMapViewConfig, type MapViewConfig } from './mapViewConfig.ts';

const plan: MapViewConfig = {
  version: MAP_VIEW_CONFIG_VERSION,
  maxWidth: 800,
  height: 500,
  layers: [{ name: 'Ground floor', backgroundColor: '#f4f4f4' }],
  elements: [
    { zoneId: 1, name: 'Shop', x: 10, y: 10, width: 100, height: 80 },
    { zoneId: 2, name: 'Hall', path: 'M0 0 L100 0 L100 100 Z' },
  ],
  filterOptions: [{ title: 'Visitors in', zoneIds: [1, 2], metrics: [{ type: 'visitorsIn' }] }],
};

describe('isMapViewConfig', () => {
  it('accepts a plan of rectangles and paths', () => {
    expect(isMapViewConfig(plan)).toBe(true);
  });

  it.each([
    ['no version', { ...plan, version: undefined }],
    ['an element with neither path nor size', { ...plan, elements: [{ zoneId: 1, x: 0, y: 0 }] }],
    ['a view without metrics', { ...plan, filterOptions: [{ title: 'x' }] }],
    ['not an object', 'plan'],
  ])('refuses %s', (_label, value) => {
    expect(isMapViewConfig(value)).toBe(false);
  });
});
