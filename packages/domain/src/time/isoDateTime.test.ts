import { describe, expect, it } from 'vitest';
import { checkIsoDate, parseIsoDateTime } from './isoDateTime.ts';

describe('checkIsoDate', () => {
  it.each([
    ['2026-02-28', '2026-02-28'],
    ['2024-02-29', '2024-02-29'],
    ['2026-02-30', null],
    ['2025-02-29', null],
    ['2026-13-01', null],
    ['0001-01-01', null],
    ['9999-12-31', null],
    ['1899-12-31', null],
    ['2200-12-31', '2200-12-31'],
    ['2026-1-1', null],
    [20260101, null],
  ])('%s → %s', (value, expected) => {
    expect(checkIsoDate(value)).toBe(expected);
  });
});

describe('parseIsoDateTime', () => {
  it.each([
    ['2026-11-21T10:15:00Z', Date.UTC(2026, 10, 21, 10, 15)],
    ['2026-11-21T10:15:00.123+01:00', Date.UTC(2026, 10, 21, 9, 15, 0, 123)],
    ['2026-11-21T10:15Z', Date.UTC(2026, 10, 21, 10, 15)],
    ['2026-11-21', Date.UTC(2026, 10, 21)],
    ['2026-02-30T10:00:00Z', null],
    ['2026-01-01T24:00:00Z', null],
    ['2026-01-01T10:60:00Z', null],
    ['-271821-04-20T00:00:00Z', null],
    ['+275760-09-13T00:00:00Z', null],
    ['0001-01-01T00:00:00Z', null],
    ['yesterday', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseIsoDateTime(value)).toBe(expected);
  });
});
