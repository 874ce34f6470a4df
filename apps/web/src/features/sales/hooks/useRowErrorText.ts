import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesRowError } from '@sitelens/domain';
import { ltrIsolate } from '../../../shared/bidi/isolate.ts';

/** Written the same in every language: each is one left-to-right run inside the sentence. */
const EXAMPLES = { example: '2026-03-01T10:05:00+01:00', offset: '+01:00', utc: 'Z', zone: '[Europe/Paris]', currency: 'EUR' };
const ISOLATED_EXAMPLES = Object.fromEntries(Object.entries(EXAMPLES).map(([k, v]) => [k, ltrIsolate(v)]));

/**
 * One refused line in words: "Line 4, column B: …" (the reason from sales.import.rowErrors, with its
 * plural forms where it counts). Dates, offsets and codes in the reasons are left-to-right runs
 * isolated from the sentence (Unicode's LRI … PDI), so an Arabic line shows them as written, in the
 * page and in the copied list alike.
 */
export function useRowErrorText(): (error: Pick<SalesRowError, 'row' | 'code'> & { column?: string | null; found?: number | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    (e) => {
      const counted = e.code === 'columnCount' && typeof e.found === 'number' ? { count: e.found } : {};
      const reason = t(`sales.import.rowErrors.${e.code}`, { found: e.found ?? '', ...counted, ...ISOLATED_EXAMPLES, defaultValue: e.code });
      return e.column ? t('sales.import.modal.line', { row: e.row, column: e.column, reason }) : t('sales.import.modal.lineNoColumn', { row: e.row, reason });
    },
    [t],
  );
}
