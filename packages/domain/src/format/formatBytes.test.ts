import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024, '1.0 MB'],
    [10 * 1024 * 1024, '10.0 MB'],
    [1.25 * 1024 ** 3, '1.3 GB'],
    [2 * 1024 ** 4, '2.0 TB'],
    [5000 * 1024 ** 4, '5000.0 TB'],
    [-2048, '-2.0 KB'],
    [Number.NaN, '-'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
