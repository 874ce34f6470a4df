import { describe, expect, it } from 'vitest';
import { validateReading } from './readingValidation.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const base = { target: { kind: 'zone', id: 12 }, metric: 'visitorsIn', time: '2026-11-21T10:15:00+01:00', value: 3 };
const check = (patch: Record<string, unknown>, opts: { maxFutureMs?: number } = {}) => validateReading({ ...base, ...patch }, { now: NOW, ...opts });

describe('validateReading accepts', () => {
  it.each([
    ['a total with an offset', {}, { targetKind: 'zone', targetId: 12, metric: 'visitorsIn', breakdown: '', ts: Date.parse('2026-11-21T09:15:00Z'), value: 3 }],
    ['Z and fractions', { time: '2026-11-21T09:15:00.250Z' }, { ts: Date.parse('2026-11-21T09:15:00.250Z') }],
    ['minutes without seconds, half-hour offset', { time: '2026-11-21T14:45+05:30' }, { ts: Date.parse('2026-11-21T09:15:00Z') }],
    ['a gender breakdown', { breakdown: { gender: 'FEMALE' } }, { breakdown: 'gender:FEMALE' }],
    ['an empty breakdown as the total', { breakdown: {} }, { breakdown: '' }],
    ['a null breakdown as the total', { breakdown: null }, { breakdown: '' }],
    ['an energy origin on a device', { target: { kind: 'device', id: 4 }, metric: 'electricityConsumption', breakdown: { origin: 'self' } }, { targetKind: 'device', breakdown: 'origin:self' }],
    ['water temperature', { target: { kind: 'device', id: 4 }, metric: 'waterConsumption', breakdown: { waterTemperature: 'HOT' } }, { breakdown: 'waterTemperature:HOT' }],
    ['combustible', { metric: 'combustibleConsumption', breakdown: { combustible: 'gas' } }, { breakdown: 'combustible:gas' }],
    ['a negative sample (temperature)', { metric: 'temperature', value: -4.5 }, { value: -4.5 }],
    ['an outdoor temperature on a zone', { metric: 'outdoorTemperature', value: -12.3 }, { metric: 'outdoorTemperature', value: -12.3 }],
    ['zero counts', { value: 0 }, { value: 0 }],
    ['a passage count', { target: { kind: 'passage', id: 1 } }, { targetKind: 'passage' }],
    ['up to 5 minutes ahead', { time: '2026-11-21T12:05:00Z' }, { ts: Date.parse('2026-11-21T12:05:00Z') }],
    ['399 days old', { time: '2025-10-18T12:00:00Z' }, { ts: Date.parse('2025-10-18T12:00:00Z') }],
  ])('%s', (_label, patch, expected) => {
    const r = check(patch);
    expect(r).toEqual({ ok: true, reading: expect.objectContaining(expected) });
  });
});

describe('validateReading refuses', () => {
  it.each([
    ['an array', ['x'], 'invalidJson'],
    ['a number', 3, 'invalidJson'],
    ['null', null, 'invalidJson'],
    ['no target', { ...base, target: undefined }, 'missingField:target'],
    ['no metric', { ...base, metric: null }, 'missingField:metric'],
    ['no time', { ...base, time: undefined }, 'missingField:time'],
    ['no value', { ...base, value: undefined }, 'missingField:value'],
    ['no target kind', { ...base, target: { id: 1 } }, 'missingField:target.kind'],
    ['no target id', { ...base, target: { kind: 'zone' } }, 'missingField:target.id'],
  ])('%s', (_label, raw, reason) => {
    expect(validateReading(raw, { now: NOW })).toEqual({ ok: false, reason });
  });

  it.each([
    ['an unknown metric', { metric: 'footfall' }, 'unknownMetric'],
    ['a derived metric', { metric: 'occupancy' }, 'unknownMetric'],
    ['a target that is not an object', { target: 'zone:12' }, 'invalidTarget'],
    ['an unknown target kind', { target: { kind: 'floor', id: 1 } }, 'invalidTarget'],
    ['a fractional id', { target: { kind: 'zone', id: 1.5 } }, 'invalidTarget'],
    ['a string id', { target: { kind: 'zone', id: '12' } }, 'invalidTarget'],
    ['id 0', { target: { kind: 'zone', id: 0 } }, 'invalidTarget'],
    ['an id beyond int4', { target: { kind: 'zone', id: 2 ** 31 } }, 'invalidTarget'],
    ['counting on a device', { target: { kind: 'device', id: 1 } }, 'wrongTarget'],
    ['CO2 on a passage', { metric: 'co2', target: { kind: 'passage', id: 1 } }, 'wrongTarget'],
    ['sales on a device', { metric: 'turnover', target: { kind: 'device', id: 1 } }, 'wrongTarget'],
    ['an outdoor temperature on a device', { metric: 'outdoorTemperature', target: { kind: 'device', id: 1 } }, 'wrongTarget'],
    ['a dimension the metric lacks', { metric: 'visitorsOut', breakdown: { gender: 'MALE' } }, 'unknownBreakdown'],
    ['an unknown value', { breakdown: { gender: 'OTHER' } }, 'unknownBreakdown'],
    ['two dimensions', { breakdown: { gender: 'MALE', age: 'adult' } }, 'unknownBreakdown'],
    ['a string breakdown', { breakdown: 'gender:MALE' }, 'unknownBreakdown'],
    ['a time without offset', { time: '2026-11-21T10:15:00' }, 'invalidTime'],
    ['a date only', { time: '2026-11-21' }, 'invalidTime'],
    ['epoch milliseconds', { time: NOW }, 'invalidTime'],
    ['30 February', { time: '2026-02-30T10:00:00Z' }, 'invalidTime'],
    ['hour 24', { time: '2026-11-21T24:00:00Z' }, 'invalidTime'],
    ['an offset beyond 18 h', { time: '2026-11-21T10:00:00+19:00' }, 'invalidTime'],
    ['a space instead of T', { time: '2026-11-21 10:00:00Z' }, 'invalidTime'],
    ['6 minutes ahead', { time: '2026-11-21T12:06:00Z' }, 'futureTime'],
    ['next year', { time: '2027-11-21T12:00:00Z' }, 'futureTime'],
    ['401 days old', { time: '2025-10-16T12:00:00Z' }, 'tooOld'],
    ['"NaN"', { value: 'NaN' }, 'nonFiniteValue'],
    ['"Infinity"', { value: 'Infinity' }, 'nonFiniteValue'],
    ['"-Infinity"', { value: '-Infinity' }, 'nonFiniteValue'],
    ['NaN (from a JavaScript sender)', { value: Number.NaN }, 'nonFiniteValue'],
    ['Infinity', { value: Number.POSITIVE_INFINITY }, 'nonFiniteValue'],
    ['a numeric string', { value: '3' }, 'invalidValue'],
    ['a boolean', { value: true }, 'invalidValue'],
    ['a negative count', { value: -1 }, 'negativeCount'],
    ['negative energy', { metric: 'electricityConsumption', value: -0.5 }, 'negativeCount'],
    ['1.5e308 visitors', { value: 1.5e308 }, 'outOfRange'],
    ['a million and one visitors in one reading', { value: 1_000_001 }, 'outOfRange'],
    ['humidity over 100 %', { metric: 'humidity', target: { kind: 'device', id: 5 }, value: 100.5 }, 'outOfRange'],
    ['-1e308 °C', { metric: 'temperature', target: { kind: 'device', id: 5 }, value: -1e308 }, 'outOfRange'],
  ])('%s', (_label, patch, reason) => {
    expect(check(patch)).toEqual({ ok: false, reason });
  });

  it('takes a tighter future limit when given', () => {
    expect(check({ time: '2026-11-21T12:01:00Z' }, { maxFutureMs: 30_000 })).toEqual({ ok: false, reason: 'futureTime' });
    expect(check({ time: '2026-11-21T12:00:30Z' }, { maxFutureMs: 30_000 }).ok).toBe(true);
  });
});
