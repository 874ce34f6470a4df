import { describe, expect, it } from 'vitest';
import { bandFor, relativeBands, relativeBandsByLevel } from './colorimetry.ts';
import type { ColorimetryBand } from './widgetModel.ts';

const bands: ColorimetryBand[] = [
  { limits: [0, 800], color: '#16A34A', text: 'good' },
  { limits: [800, 1200], color: '#CA8A04', text: 'fair' },
  { limits: [1200, 5000], color: '#DC2626', text: 'poor', suffix: 'ppm' },
];

describe('bandFor', () => {
  it.each<[number, string]>([
    [0, 'good'],
    [799.99, 'good'],
    [800, 'fair'],
    [1199, 'fair'],
    [1200, 'poor'],
    [4999.9, 'poor'],
  ])('%d lies in %s (low <= v < high)', (value, text) => {
    expect(bandFor(value, bands)?.text).toBe(text);
  });

  it.each([-1, 5000, 9999, null, undefined, Number.NaN])('has no band for %s', (value) => {
    expect(bandFor(value, bands)).toBeNull();
  });

  it('takes the first band when bands overlap, and none from an empty list', () => {
    const overlapping: ColorimetryBand[] = [
      { limits: [0, 10], color: '#000001' },
      { limits: [5, 20], color: '#000002' },
    ];
    expect(bandFor(7, overlapping)?.color).toBe('#000001');
    expect(bandFor(7, [])).toBeNull();
  });
});

describe('relativeBands', () => {
  it('spreads the limits from 0 to the highest value, widening both ends by 1', () => {
    const out = relativeBands(bands, [30, 60, 90, null]);
    expect(out.map((b) => b.limits)).toEqual([
      [-1, 30],
      [30, 60],
      [60, 91],
    ]);
    expect(out.map((b) => [b.color, b.text, b.suffix])).toEqual(bands.map((b) => [b.color, b.text, b.suffix]));
  });

  it('starts at the lowest value when it is negative', () => {
    expect(relativeBands(bands.slice(0, 2), [-10, 10]).map((b) => b.limits)).toEqual([
      [-11, 0],
      [0, 11],
    ]);
  });

  it('puts every value, the lowest and the highest included, in a band', () => {
    const values = [-3.5, 0, 2, 17.25, 40];
    const out = relativeBands(bands, values);
    for (const v of values) expect(bandFor(v, out), String(v)).not.toBeNull();
  });

  it('gives a single band the whole range', () => {
    expect(relativeBands([bands[0]!], [5, 8]).map((b) => b.limits)).toEqual([[-1, 9]]);
  });

  it('handles all-zero values', () => {
    const out = relativeBands(bands.slice(0, 2), [0, 0]);
    expect(out.map((b) => b.limits)).toEqual([
      [-1, 0],
      [0, 1],
    ]);
    expect(bandFor(0, out)?.text).toBe('fair');
  });

  it('keeps the bands unchanged without numeric values, and answers nothing without bands', () => {
    expect(relativeBands(bands, [null, undefined, Number.NaN])).toEqual(bands);
    expect(relativeBands([], [1, 2])).toEqual([]);
  });

  it('does not change the bands it is given', () => {
    const copy = structuredClone(bands);
    relativeBands(bands, [1, 2, 3]);
    expect(bands).toEqual(copy);
  });
});

describe('relativeBandsByLevel', () => {
  const quartiles: ColorimetryBand[] = ['Quiet', 'Steady', 'Busy', 'Peak'].map((text, i) => ({ limits: [i * 25, (i + 1) * 25], color: `#00000${i}`, text }));

  it('gives each level of the hierarchy its own scale, so small shops are not all at the bottom of the floors’ scale', () => {
    const scales = relativeBandsByLevel(quartiles, [
      { level: 'floor', value: 4000 },
      { level: 'floor', value: 2000 },
      { level: 'shop', value: 400 },
      { level: 'shop', value: 90 },
      { level: 'shop', value: null },
    ]);
    expect([...scales.keys()]).toEqual(['floor', 'shop']);
    expect(scales.get('floor')!.map((b) => b.limits)).toEqual([
      [-1, 1000],
      [1000, 2000],
      [2000, 3000],
      [3000, 4001],
    ]);
    const shops = scales.get('shop')!;
    expect(bandFor(400, shops)?.text).toBe('Peak');
    expect(bandFor(90, shops)?.text).toBe('Quiet');
    // On one shared scale, the busiest shop would read as quiet as the smallest.
    expect(bandFor(400, relativeBands(quartiles, [4000, 2000, 400, 90]))?.text).toBe('Quiet');
  });

  it('keeps the configured limits for a level without values', () => {
    expect(relativeBandsByLevel(quartiles, [{ level: 1, value: null }]).get(1)!.map((b) => b.limits)).toEqual(quartiles.map((b) => b.limits));
  });
});
