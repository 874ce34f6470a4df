import { describe, expect, it } from 'vitest';
import { USAGE_EVENT_NAMES, hasTrackingConsent, isUsageEventName } from './usageEvents.ts';

describe('usage events', () => {
  it('names the tracked actions of the spec', () => {
    expect(USAGE_EVENT_NAMES).toEqual(expect.arrayContaining(['filtersOpened', 'filtersClosed', 'filtersApplied', 'bookmarkAdded', 'bookmarkRemoved', 'exportRequested', 'viewedChart']));
    expect(isUsageEventName('bookmarkRenamed')).toBe(true);
    expect(isUsageEventName('toString')).toBe(false);
  });
  it('reads consent from the cookie header only when set to 1', () => {
    expect(hasTrackingConsent('a=b; sitelens_consent=1')).toBe(true);
    expect(hasTrackingConsent('sitelens_consent=0')).toBe(false);
    expect(hasTrackingConsent('xsitelens_consent=1')).toBe(false);
    expect(hasTrackingConsent(undefined)).toBe(false);
  });
});
