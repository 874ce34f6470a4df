import { describe, expect, it } from 'vitest';
import { widgetErrorStatus } from './useRetailResults.ts';

describe('widgetErrorStatus', () => {
  it('tells a request the server cannot answer from a failure to load', () => {
    expect(widgetErrorStatus('BAD_USER_INPUT')).toBe('refused');
    expect(widgetErrorStatus('TIME_RANGE_TOO_WIDE')).toBe('tooWide');
    expect(widgetErrorStatus('INTERNAL_SERVER_ERROR')).toBe('error');
    expect(widgetErrorStatus(null)).toBe('error');
  });
});
