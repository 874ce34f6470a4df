import { describe, expect, it } from 'vitest';
import { colourElements, readableTextColour, usesRelativeColorimetry, viewBands, viewScales } from './mapColours.ts';
import { levelOfElement, zoneDepths } from './scaleLevels.ts';
import type { ElementValues } from './mapViewRequests.ts';
import { COUNT_BANDS, planConfig } from './testConfig.ts';

const values = (entries: Array<[string, number | null]>): ElementValues => new Map(entries.map(([k, v]) => [k, new Map([['visitorsIn', v]])]));
const metric = { type: 'visitorsIn', colorimetry: COUNT_BANDS };

describe('colourElements', () => {
  const config = planConfig();
  const shops = config.elements.slice(1, 3);

  it('fills each element with the band holding its value, low <= v < high', () => {
    const colours = colourElements(config, metric, shops, values([['zone:2', 25], ['zone:3', 24.99]]));
    expect(colours.get('zone:2')).toMatchObject({ fill: '#93C5FD', bandIndex: 1, value: 25 });
    expect(colours.get('zone:3')?.band?.text).toBe('Quiet');
  });

  it('logs a value outside every band and keeps the element’s own background', () => {
    const logged: string[] = [];
    const colours = colourElements(config, metric, shops, values([['zone:2', 100], ['zone:3', null]]), (m) => logged.push(m));
    expect(colours.get('zone:2')).toMatchObject({ fill: '#EEF2FF', band: null, bandIndex: -1 });
    // No value is not an error: the element stays neutral (white without a background of its own).
    expect(colours.get('zone:3')?.fill).toBe('#FFFFFF');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('zone:2');
  });

  it('lets an element’s own bands win over the view’s', () => {
    const own = planConfig({ elements: [{ zoneId: 2, x: 0, y: 0, width: 1, height: 1, colorimetry: [{ limits: [0, 1000], color: '#000000' }] }] });
    expect(colourElements(own, metric, own.elements, values([['zone:2', 90]])).get('zone:2')?.fill).toBe('#000000');
  });

  it('spreads the bands over the values with relative colorimetry (spec 001 §5)', () => {
    const relative = planConfig({ useRelativeColorimetry: true });
    expect(usesRelativeColorimetry(relative)).toBe(true);
    // Range 0..400 in four bands of 100; the first low is -1, the last high 401.
    const bands = viewBands(relative, metric, shops, values([['zone:2', 400], ['zone:3', 120]]));
    expect(bands.map((b) => b.limits)).toEqual([
      [-1, 100],
      [100, 200],
      [200, 300],
      [300, 401],
    ]);
    const colours = colourElements(relative, metric, shops, values([['zone:2', 400], ['zone:3', 120]]));
    expect(colours.get('zone:2')?.band?.text).toBe('Peak');
    expect(colours.get('zone:3')?.band?.text).toBe('Steady');
  });

  describe('a plan of floors and their shops, relative colorimetry', () => {
    // Whole centre (1) > floors 10, 20 > shops 11, 12 (on 10) and 21 (on 20).
    const tree = [
      { id: 1, name: 'Whole centre', parentIds: [] },
      { id: 10, name: 'Ground floor', parentIds: [1] },
      { id: 20, name: 'Level 1', parentIds: [1] },
      { id: 11, name: 'Bakery', parentIds: [10] },
      { id: 12, name: 'Pharmacy', parentIds: [10] },
      { id: 21, name: 'Denim', parentIds: [20] },
    ];
    const box = { x: 0, y: 0, width: 1, height: 1 };
    const plan = planConfig({ useRelativeColorimetry: true, elements: [10, 20, 11, 12, 21].map((zoneId) => ({ zoneId, ...box })) });
    const counts = values([
      ['zone:10', 4000],
      ['zone:20', 2400],
      ['zone:11', 600],
      ['zone:12', 120],
      ['zone:21', 380],
    ]);
    const levelOf = levelOfElement(zoneDepths(tree));

    it('colours the shops on their own scale, not all "Quiet" under the floors’ large counts', () => {
      const colours = colourElements(plan, metric, plan.elements, counts, undefined, levelOf);
      const text = (key: string) => colours.get(key)?.band?.text;
      expect([text('zone:10'), text('zone:20')]).toEqual(['Peak', 'Busy']);
      expect([text('zone:11'), text('zone:12'), text('zone:21')]).toEqual(['Peak', 'Quiet', 'Busy']);
      expect(colours.get('zone:11')?.scale).toBe('zone:2');
      expect(colours.get('zone:10')?.scale).toBe('zone:1');
    });

    it('gives one scale per level, floors first, each spread over its own values', () => {
      const scales = viewScales(plan, metric, plan.elements, counts, levelOf);
      expect(scales.map((s) => [s.level, s.elements.map((e) => e.zoneId)])).toEqual([
        ['zone:1', [10, 20]],
        ['zone:2', [11, 12, 21]],
      ]);
      expect(scales[1]!.bands.at(-1)!.limits[1]).toBe(601);
    });

    it('keeps one scale for a single level, for configured bands, and without the tree', () => {
      expect(viewScales(plan, metric, plan.elements.slice(2), counts, levelOf)).toHaveLength(1);
      expect(viewScales(planConfig(), metric, plan.elements, counts, levelOf)).toHaveLength(1);
      expect(viewScales(plan, metric, plan.elements, counts)).toHaveLength(1);
    });
  });

  it('takes the colorimetry configuration’s switch over the map’s', () => {
    expect(usesRelativeColorimetry(planConfig({ useRelativeColorimetry: true, colorimetryConfig: { useRelativeColorimetry: false } }))).toBe(false);
  });
});

describe('readableTextColour', () => {
  it.each([
    ['#DBEAFE', undefined, '#1E293B'],
    ['#1D4ED8', undefined, '#FFFFFF'],
    ['#1D4ED8', '#1E293B', '#FFFFFF'],
    ['#FFFFFF', '#334155', '#334155'],
    ['red', '#123456', '#123456'],
  ])('%s with %s: %s', (fill, preferred, text) => {
    expect(readableTextColour(fill, preferred)).toBe(text);
  });
});
