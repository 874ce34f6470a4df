import { describe, expect, it } from 'vitest';
import { figureChange, figureChangeDirection, figureChangeNumber, formatFigureChange, relativeChange, shownDirection } from './figureChange.ts';

const points = (value: string) => `${value} pts`;

describe('figureChange', () => {
  it('moves a rate by its difference in points, whatever the relative change', () => {
    expect(figureChange('captureRate', 32.11, 30.75, 4.42)).toEqual({ amount: 32.11 - 30.75, kind: 'points' });
    // A rate from zero has no relative change but has a difference.
    expect(figureChange('conversionRate', 12.5, 0, null)).toEqual({ amount: 12.5, kind: 'points' });
    expect(figureChange('humidity', 41, 44, -6.8)).toEqual({ amount: -3, kind: 'points' });
  });

  it('moves any other figure by its relative change', () => {
    expect(figureChange('visitorsIn', 1200, 1000, 20)).toEqual({ amount: 20, kind: 'relative' });
    expect(figureChange('electricityConsumption', 5, 4, null)).toBeNull();
  });

  it('moves a temperature by its difference in °C, never by a percentage of it', () => {
    expect(figureChange('temperature', 22.6, 22.5, 0.02)).toEqual({ amount: 22.6 - 22.5, kind: 'difference' });
    expect(figureChange('outdoorTemperature', -2, 3, -166.67)).toEqual({ amount: -5, kind: 'difference' });
    // From 0 °C there is no relative change, but there is a difference.
    expect(figureChange('temperature', 1.5, 0, null)).toEqual({ amount: 1.5, kind: 'difference' });
    expect(figureChange('temperature', null, 22, 1)).toBeNull();
  });

  it('moves a score by its difference in points, never by a percentage of a level', () => {
    expect(figureChange('comfortScore', 3.7, 3.4, 8.82)).toEqual({ amount: 3.7 - 3.4, kind: 'points' });
    expect(figureChange('co2Score', 2, 3, -33.33)).toEqual({ amount: -1, kind: 'points' });
    expect(figureChange('comfortScore', null, 3, 5)).toBeNull();
  });

  it('knows no change of a rate without both values', () => {
    expect(figureChange('captureRate', null, 30, 5)).toBeNull();
    expect(figureChange('captureRate', 30, undefined, 5)).toBeNull();
  });
});

describe('formatFigureChange', () => {
  it('writes points with the rate’s decimals and a sign', () => {
    expect(formatFigureChange('captureRate', { amount: 32.11 - 30.75, kind: 'points' }, 'en', points)).toBe('+1.36 pts');
    expect(formatFigureChange('captureRate', { amount: -0.5, kind: 'points' }, 'fr', points)).toBe('-0,50 pts');
    expect(formatFigureChange('humidity', { amount: 2.04, kind: 'points' }, 'en', points)).toBe('+2.0 pts');
  });

  it('writes a score’s points with a tenth, so a small move of a mean level shows', () => {
    expect(formatFigureChange('comfortScore', { amount: 3.7 - 3.4, kind: 'points' }, 'en', points)).toBe('+0.3 pts');
    expect(formatFigureChange('co2Score', { amount: -1, kind: 'points' }, 'fr', points)).toBe('-1,0 pts');
    expect(figureChangeDirection('comfortScore', { amount: 0.04, kind: 'points' })).toBe('flat');
  });

  it('writes a relative change in percent', () => {
    expect(formatFigureChange('visitorsIn', { amount: 12.345, kind: 'relative' }, 'en', points)).toBe('+12.35%');
    expect(formatFigureChange('visitorsIn', { amount: -3, kind: 'relative' }, 'en', points)).toBe('-3.00%');
  });

  it('gives no sign to a change that rounds to zero', () => {
    expect(formatFigureChange('captureRate', { amount: 0.001, kind: 'points' }, 'en', points)).toBe('0 pts');
    expect(formatFigureChange('visitorsIn', { amount: 0.004, kind: 'relative' }, 'en', points)).toBe('0%');
  });

  it('writes a difference in the metric’s unit and decimals', () => {
    expect(formatFigureChange('temperature', { amount: 22.6 - 22.5, kind: 'difference' }, 'en', points)).toBe('+0.1 °C');
    expect(formatFigureChange('outdoorTemperature', { amount: -5, kind: 'difference' }, 'fr', points)).toBe('-5,0 °C');
    expect(formatFigureChange('temperature', { amount: -0.04, kind: 'difference' }, 'en', points)).toBe('0 °C');
    expect(formatFigureChange('temperature', { amount: 0.3, kind: 'difference' }, 'ar', points)).toMatch(/^\u2066\+0[.,٫]3\s°C\u2069$/u);
  });

  it('isolates the signed number as a left-to-right run in Arabic, the word for points outside it', () => {
    const up = formatFigureChange('visitorsIn', { amount: 4.96, kind: 'relative' }, 'ar', points);
    expect(up).toMatch(/^\u2066\+4[.,٫]96\s?%\u2069$/u);
    const rate = formatFigureChange('captureRate', { amount: 0.42, kind: 'points' }, 'ar', (v) => `${v} نقطة`);
    expect(rate).toMatch(/^\u2066\+0[.,٫]42\u2069 نقطة$/u);
    const down = formatFigureChange('visitorsIn', { amount: -3, kind: 'relative' }, 'ar', points);
    expect(down.startsWith('\u2066')).toBe(true);
    expect(down.endsWith('\u2069')).toBe(true);
    // Other languages are left as they were: no invisible characters.
    expect(formatFigureChange('visitorsIn', { amount: 4.96, kind: 'relative' }, 'fr', points)).not.toMatch(/[\u2066\u2069]/u);
  });
});

describe('figureChangeDirection', () => {
  it('follows the change as it is written: one that reads as zero is flat', () => {
    // Humidity 44.03 → 44.0 %RH: "0 pts", not down.
    expect(figureChangeNumber('humidity', { amount: -0.03, kind: 'points' }, 'en')).toBe('0');
    expect(figureChangeDirection('humidity', { amount: -0.03, kind: 'points' })).toBe('flat');
    expect(figureChangeDirection('humidity', { amount: -0.05, kind: 'points' })).toBe('down');
    expect(figureChangeNumber('humidity', { amount: -0.05, kind: 'points' }, 'en')).toBe('-0.1');
    expect(figureChangeDirection('visitorsIn', { amount: 0.004, kind: 'relative' })).toBe('flat');
    expect(figureChangeDirection('visitorsIn', { amount: 0.005, kind: 'relative' })).toBe('up');
    expect(figureChangeDirection('temperature', { amount: 0.04, kind: 'difference' })).toBe('flat');
    expect(figureChangeDirection('temperature', { amount: 0.06, kind: 'difference' })).toBe('up');
  });

  it('never writes a negative zero', () => {
    expect(figureChangeNumber('captureRate', { amount: -0.001, kind: 'points' }, 'en')).toBe('0');
    expect(figureChangeNumber('visitorsIn', { amount: -0.004, kind: 'relative' }, 'en')).toBe('0%');
  });
});

describe('shownDirection', () => {
  it.each([
    [0.04, 1, 'flat'],
    [-0.04, 1, 'flat'],
    [0.05, 1, 'up'],
    [-0.05, 1, 'down'],
    [0, 0, 'flat'],
    [-0.4, 0, 'flat'],
    [Number.NaN, 1, 'flat'],
  ] as const)('%s with %s decimals is %s', (amount, decimals, expected) => {
    expect(shownDirection(amount, decimals)).toBe(expected);
  });
});

describe('relativeChange', () => {
  it('gives a spreadsheet no percentage of a temperature or a score', () => {
    expect(relativeChange('temperature', 0.44)).toBeNull();
    expect(relativeChange('comfortScore', 33.3)).toBeNull();
    expect(relativeChange('co2Score', -50)).toBeNull();
    expect(relativeChange('outdoorTemperature', -12)).toBeNull();
    expect(relativeChange('visitorsIn', 20)).toBe(20);
    expect(relativeChange('captureRate', 4.42)).toBe(4.42);
    expect(relativeChange('visitorsIn', null)).toBeNull();
  });
});
