import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { versionSummaryText } from './versionSummaryText.ts';

// A stand-in t: the key's last part with its values, enough to see which lines are chosen and in what order.
const t = ((key: string, values?: Record<string, unknown>) => (key === 'common.listSeparator' ? ' / ' : `${key.split('.').pop()}${values ? JSON.stringify(values) : ''}`)) as unknown as TFunction;
const none = { first: false, renamed: false, pagesAdded: 0, pagesRemoved: 0, pagesChanged: 0, widgetsAdded: 0, widgetsRemoved: 0, widgetsChanged: 0 };

describe('versionSummaryText', () => {
  it.each([
    ['a restore', { ...none, widgetsAdded: 2 }, 3, 'restored{"number":3}'],
    ['a first version', { ...none, first: true, widgetsAdded: 4 }, null, 'first'],
    ['added and changed widgets', { ...none, widgetsAdded: 2, widgetsChanged: 1 }, null, 'widgetsAdded{"count":2} / widgetsChanged{"count":1}'],
    ['a rename with a page removed', { ...none, renamed: true, pagesRemoved: 1 }, null, 'renamed / pagesRemoved{"count":1}'],
    ['nothing', none, null, 'unchanged'],
  ])('%s', (_name, summary, restoredFrom, expected) => expect(versionSummaryText(summary, restoredFrom, t)).toBe(expected));
});
