import { describe, expect, it } from 'vitest';
import { changeDecimals, changeKind } from '../format/figureChange.ts';
import { evolutionUnit, evolutionValue } from './evolutionChange.ts';

describe('the evolution aggregation’s measure', () => {
  it.each([
    ['temperature', 'difference', '°C', 1],
    ['outdoorTemperature', 'difference', '°C', 1],
    ['humidity', 'points', 'pts', 1],
    ['captureRate', 'points', 'pts', 2],
    ['co2Score', 'points', 'pts', 1],
    ['comfortScore', 'points', 'pts', 1],
    ['visitorsIn', 'relative', '%', 2],
    ['co2', 'relative', '%', 2],
  ] as const)('measures %s as a %s in %s with %i decimals', (metric, kind, unit, decimals) => {
    expect(changeKind(metric)).toBe(kind);
    expect(evolutionUnit(metric)).toBe(unit);
    expect(changeDecimals(metric, kind)).toBe(decimals);
  });

  it('is a difference from a previous zero for a temperature, no relative change for a count', () => {
    expect(evolutionValue('temperature', 21.5, 20)).toBeCloseTo(1.5, 9);
    expect(evolutionValue('temperature', 1, 0)).toBe(1);
    expect(evolutionValue('temperature', -2, -4)).toBe(2);
    expect(evolutionValue('humidity', 45, 40)).toBe(5);
    expect(evolutionValue('visitorsIn', 12, 10)).toBeCloseTo(20, 9);
    expect(evolutionValue('visitorsIn', -3, -4)).toBeCloseTo(25, 9);
    expect(evolutionValue('visitorsIn', 5, 0)).toBeNull();
    expect(evolutionValue('temperature', 5, null)).toBeNull();
    expect(evolutionValue('temperature', null, 5)).toBeNull();
  });
});
