import { describe, expect, it } from 'vitest';
import { currentPinUrl, samePinUrl } from './pinUrl.ts';

describe('bookmark urls', () => {
  it('is the page path with its filters', () => {
    expect(currentPinUrl({ pathname: '/counting/3', search: '?timespan=last7Days&zone=4' })).toBe('/counting/3?timespan=last7Days&zone=4');
  });

  it('matches the same page and filters whatever the parameter order, nothing else', () => {
    expect(samePinUrl('/counting/3?zone=4&timespan=today', '/counting/3?timespan=today&zone=4')).toBe(true);
    expect(samePinUrl('/counting/3?zone=4', '/counting/3?zone=5')).toBe(false);
    expect(samePinUrl('/counting/3', '/atmosphere/3')).toBe(false);
    expect(samePinUrl('//evil.example/counting/3', '/counting/3')).toBe(false);
  });
});
