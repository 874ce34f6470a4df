import { describe, expect, it } from 'vitest';
import { toE164 } from './phoneNumber.ts';

describe('toE164', () => {
  it.each([
    ['+41 79 123 45 67', undefined, '+41791234567'],
    ['079 123 45 67', undefined, '+41791234567'],
    ['0041791234567', undefined, '+41791234567'],
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['+33 6 12 34 56 78', 'CH', '+33612345678'],
    ['+971 50 123 4567', undefined, '+971501234567'],
    ['12', undefined, null],
    ['not a number', undefined, null],
    ['', undefined, null],
  ] as const)('%s (%s) -> %s', (raw, country, expected) => {
    expect(toE164(raw, country)).toBe(expected);
  });
});
