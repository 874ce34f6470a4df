import { describe, expect, it } from 'vitest';
import { legendEntries } from './legendEntries.ts';
import { layoutLegend } from './legendLayout.ts';

/** 7 px a character. */
const measure = (text: string) => text.length * 7;
const words = { below: (v: string) => `below ${v}`, above: (v: string) => `${v} and more`, range: (a: string, b: string) => `${a} to ${b}` };
const legends = {
  bands: [
    { color: '#22C55E', text: 'Good', kind: 'below' as const, from: '0 ppm', to: '800 ppm' },
    { color: '#DC2626', text: 'Bad', kind: 'above' as const, from: '800 ppm', to: '1,500 ppm' },
  ],
  fixed: [{ color: '#FDE68A', caption: 'Door' }],
  position: 'bottom' as const,
};

describe('legendEntries', () => {
  it('writes the bands with their limits in words, then the captions', () => {
    expect(legendEntries(legends, words)).toEqual([
      { color: '#22C55E', label: 'Good', limits: '(below 800 ppm)' },
      { color: '#DC2626', label: 'Bad', limits: '(800 ppm and more)' },
      { color: '#FDE68A', label: 'Door' },
    ]);
  });
});

describe('layoutLegend', () => {
  const entries = legendEntries(legends, words);

  it('puts entries side by side, swatch then label then limits, and wraps at the width', () => {
    const wide = layoutLegend(entries, { width: 800, rtl: false, vertical: false, measure });
    expect(wide.entries.map((e) => e.y)).toEqual([12, 12, 12]);
    const [good] = wide.entries;
    expect(good!.swatchX).toBe(12);
    expect(good!.runs).toEqual([
      { text: 'Good', x: 32, dimmed: false },
      { text: '(below 800 ppm)', x: 67, dimmed: true },
    ]);
    expect(wide.height).toBe(36);
    const narrow = layoutLegend(entries, { width: 280, rtl: false, vertical: false, measure });
    expect(narrow.entries.map((e) => e.y)).toEqual([12, 36, 36]);
    expect(narrow.height).toBe(60);
  });

  it('gives each entry its own row for a legend on the side', () => {
    expect(layoutLegend(entries, { width: 800, rtl: false, vertical: true, measure }).entries.map((e) => [e.swatchX, e.y])).toEqual([
      [12, 12],
      [12, 36],
      [12, 60],
    ]);
  });

  it('mirrors right to left: the swatch at the right edge, the label left of it, the limits further left', () => {
    const [good] = layoutLegend(entries, { width: 800, rtl: true, vertical: false, measure }).entries;
    expect(good!.swatchX).toBe(800 - 12 - 14);
    expect(good!.runs[0]).toMatchObject({ text: 'Good', x: 800 - 32 - 28 });
    expect(good!.runs[1]!.x + 15 * 7).toBeLessThan(good!.runs[0]!.x);
  });

  it('takes no room without entries', () => {
    expect(layoutLegend([], { width: 800, rtl: false, vertical: false, measure })).toEqual({ entries: [], height: 0 });
  });
});

describe('layoutLegend with several scales', () => {
  const scale = (title: string) => legendEntries({ ...legends, fixed: [] }, words, title);
  const entries = [...scale('Scale for zones in Whole centre'), ...scale('Scale for zones in Ground floor, Level 1')];

  it('writes each scale’s title, without a swatch, on a row of its own above its bands', () => {
    expect(entries[0]).toEqual({ color: '', label: 'Scale for zones in Whole centre', heading: true });
    const placed = layoutLegend(entries, { width: 2000, rtl: false, vertical: false, measure }).entries;
    expect(placed.map((p) => p.y)).toEqual([12, 36, 36, 60, 84, 84]);
    expect(placed.filter((p) => p.color === '').map((p) => p.runs[0]!.text)).toEqual(['Scale for zones in Whole centre', 'Scale for zones in Ground floor, Level 1']);
    // Right to left, a title ends at the right edge like the bands.
    const rtl = layoutLegend(entries, { width: 2000, rtl: true, vertical: false, measure }).entries;
    expect(rtl[0]!.runs[0]!.x + 'Scale for zones in Whole centre'.length * 7).toBe(2000 - 12);
  });
});
