import { describe, expect, it } from 'vitest';
import { heatmapDayOptions } from './heatmapSlides.ts';

const day = (date: string, genders = ['male', 'all', 'female']) => ({
  date,
  images: genders.map((g) => ({ gender: g, url: `/api/heatmaps/1/0/${date.replaceAll('-', '_')}/${g}.png` })),
});

describe('heatmapDayOptions', () => {
  const days = [day('2026-11-18'), day('2026-11-19', ['all']), day('2026-11-20')];

  it('lists the page’s days newest first, every gender with "all" first', () => {
    const options = heatmapDayOptions(days, ['2026-11-20', '2026-11-19', '2026-11-18'], 'ALL');
    expect(options.map((o) => o.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    expect(options[0]!.slides.map((s) => s.gender)).toEqual(['all', 'female', 'male']);
    expect(options[0]!.slides[0]!.url).toBe('/api/heatmaps/1/0/2026_11_20/all.png');
  });

  it('keeps only the chosen gender, dropping days without its image', () => {
    const options = heatmapDayOptions(days, ['2026-11-20', '2026-11-19', '2026-11-18'], 'FEMALE');
    expect(options.map((o) => [o.date, o.slides.map((s) => s.gender)])).toEqual([
      ['2026-11-20', ['female']],
      ['2026-11-18', ['female']],
    ]);
  });

  it('drops days outside the page’s timespans (several ranges asked as one span)', () => {
    expect(heatmapDayOptions(days, ['2026-11-18', '2026-11-20'], undefined).map((o) => o.date)).toEqual(['2026-11-20', '2026-11-18']);
  });
});
