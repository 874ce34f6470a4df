import { describe, expect, it } from 'vitest';
import { localizePlan } from './planTexts.ts';

describe('localizePlan', () => {
  it('translates catalogue texts at any depth and keeps typed ones', () => {
    const words: Record<string, string> = { 'spatial.plan.band.good': 'Bonne', 'spatial.plan.view.co2': 'CO2' };
    const plan = { filterOptions: [{ title: 'spatial.plan.view.co2', metrics: [{ colorimetry: [{ text: 'spatial.plan.band.good', limits: [0, 800] }] }] }, { title: 'Hall nord' }] };
    expect(localizePlan(plan, (k) => words[k] ?? k)).toEqual({
      filterOptions: [{ title: 'CO2', metrics: [{ colorimetry: [{ text: 'Bonne', limits: [0, 800] }] }] }, { title: 'Hall nord' }],
    });
  });
});
