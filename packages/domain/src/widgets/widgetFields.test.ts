import { describe, expect, it } from 'vitest';
import { isJsonRecord, realTimeModeOf, widgetCategoryOf, widgetKindOf } from './widgetFields.ts';

describe('widget fields read from loose JSON', () => {
  it('keeps known values and falls back to the defaults for anything else', () => {
    expect([isJsonRecord({}), isJsonRecord([]), isJsonRecord(null), isJsonRecord('x')]).toEqual([true, false, false, false]);
    expect([widgetCategoryOf('specific'), widgetCategoryOf('global'), widgetCategoryOf(3)]).toEqual(['specific', 'global', 'global']);
    expect([widgetKindOf('live'), widgetKindOf('custom'), widgetKindOf(null)]).toEqual(['live', 'custom', 'custom']);
    expect([realTimeModeOf('slow'), realTimeModeOf('fast'), realTimeModeOf('live'), realTimeModeOf('LIVE'), realTimeModeOf(undefined)]).toEqual(['slow', 'fast', 'live', null, null]);
  });
});
