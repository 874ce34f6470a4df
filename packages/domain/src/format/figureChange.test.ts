import { describe, expect, it } from 'vitest';
import { figureChange, formatFigureChange } from './figureChange.ts';

const points = (value: string) => `${value} pts`;

describe('figureChange', () => {
  it('moves a rate by its difference in points, whatever the relative change', () => {
    expect(figureChange('captureRate', 32.11, 30.75, 4.42)).toEqual({ amount: 32.11 - 30.75, inPoints: true });
    // A rate from zero has no relative change but has a difference.
    expect(figureChange('conversionRate', 12.5, 0, null)).toEqual({ amount: 12.5, inPoints: true });
    expect(figureChange('humidity', 41, 44, -6.8)).toEqual({ amount: -3, inPoints: true });
  });

  it('moves any other figure by its relative change', () => {
    expect(figureChange('visitorsIn', 1200, 1000, 20)).toEqual({ amount: 20, inPoints: false });
    expect(figureChange('electricityConsumption', 5, 4, null)).toBeNull();
  });

  it('knows no change of a rate without both values', () => {
    expect(figureChange('captureRate', null, 30, 5)).toBeNull();
    expect(figureChange('captureRate', 30, undefined, 5)).toBeNull();
  });
});

describe('formatFigureChange', () => {
  it('writes points with the rate’s decimals and a sign', () => {
    expect(formatFigureChange('captureRate', { amount: 32.11 - 30.75, inPoints: true }, 'en', points)).toBe('+1.36 pts');
    expect(formatFigureChange('captureRate', { amount: -0.5, inPoints: true }, 'fr', points)).toBe('-0,50 pts');
    expect(formatFigureChange('humidity', { amount: 2.04, inPoints: true }, 'en', points)).toBe('+2.0 pts');
  });

  it('writes a relative change in percent', () => {
    expect(formatFigureChange('visitorsIn', { amount: 12.345, inPoints: false }, 'en', points)).toBe('+12.35 %');
    expect(formatFigureChange('visitorsIn', { amount: -3, inPoints: false }, 'en', points)).toBe('-3.00 %');
  });

  it('gives no sign to a change that rounds to zero', () => {
    expect(formatFigureChange('captureRate', { amount: 0.001, inPoints: true }, 'en', points)).toBe('0 pts');
    expect(formatFigureChange('visitorsIn', { amount: 0.004, inPoints: false }, 'en', points)).toBe('0 %');
  });

  it('isolates the signed number as a left-to-right run in Arabic, the word for points outside it', () => {
    const up = formatFigureChange('visitorsIn', { amount: 4.96, inPoints: false }, 'ar', points);
    expect(up).toMatch(/^\u2066\+4[.,٫]96\s?%\u2069$/u);
    const rate = formatFigureChange('captureRate', { amount: 0.42, inPoints: true }, 'ar', (v) => `${v} نقطة`);
    expect(rate).toMatch(/^\u2066\+0[.,٫]42\u2069 نقطة$/u);
    const down = formatFigureChange('visitorsIn', { amount: -3, inPoints: false }, 'ar', points);
    expect(down.startsWith('\u2066')).toBe(true);
    expect(down.endsWith('\u2069')).toBe(true);
    // Other languages are left as they were: no invisible characters.
    expect(formatFigureChange('visitorsIn', { amount: 4.96, inPoints: false }, 'fr', points)).not.toMatch(/[\u2066\u2069]/u);
  });
});
