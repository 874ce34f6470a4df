import { describe, expect, it } from 'vitest';
import { mapLegends } from './mapLegend.ts';
import { COUNT_BANDS, planConfig } from './testConfig.ts';

const co2 = [
  { limits: [0, 800] as [number, number], color: '#22C55E', text: 'Good', suffix: 'ppm' },
  { limits: [800, 1500] as [number, number], color: '#DC2626', text: 'Bad', suffix: 'ppm' },
];

describe('mapLegends', () => {
  it('shows the bands with open ends and their suffix when the colorimetry legend is on', () => {
    const legends = mapLegends(planConfig({ useColorimetryLegend: true, shouldGlobalColorimetryLegendAlwaysVisible: true }), co2, { metric: 'co2', anyColoured: false, locale: 'en' });
    expect(legends.bands).toEqual([
      { color: '#22C55E', text: 'Good', kind: 'below', from: '0 ppm', to: '800 ppm' },
      { color: '#DC2626', text: 'Bad', kind: 'above', from: '800 ppm', to: '1,500 ppm' },
    ]);
    expect(legends.position).toBe('bottom');
  });

  it('hides the band legend until an element is coloured unless it is always visible', () => {
    const config = planConfig({ colorimetryConfig: { useColorimetryLegend: true, shouldLegendAlwaysVisible: false, position: 'right' } });
    expect(mapLegends(config, COUNT_BANDS, { anyColoured: false, locale: 'en' }).bands).toEqual([]);
    const shown = mapLegends(config, COUNT_BANDS, { anyColoured: true, locale: 'en', unit: null });
    expect(shown.bands.map((b) => b.kind)).toEqual(['below', 'range', 'range', 'above']);
    expect(shown.position).toBe('right');
  });

  it('lists the configured legends only when legends are on', () => {
    const legends = [{ color: '#FDE68A', caption: 'Door' }];
    expect(mapLegends(planConfig({ legends, legendConfig: { useLegends: true } }), [], { anyColoured: true, locale: 'en' }).fixed).toEqual(legends);
    expect(mapLegends(planConfig({ legends, legendConfig: { useLegends: false } }), [], { anyColoured: true, locale: 'en' }).fixed).toEqual([]);
  });

  it('leaves out captions that repeat a band shown in the band legend', () => {
    const legends = [{ color: '#dbeafe', caption: 'Quiet' }, { color: '#FDE68A', caption: 'Door' }];
    const config = planConfig({ legends, legendConfig: { useLegends: true }, useColorimetryLegend: true });
    expect(mapLegends(config, COUNT_BANDS, { anyColoured: true, locale: 'en' }).fixed).toEqual([{ color: '#FDE68A', caption: 'Door' }]);
    expect(mapLegends(config, COUNT_BANDS, { anyColoured: false, locale: 'en' }).fixed).toEqual(legends);
  });
});
