import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalesRowError } from '@sitelens/domain';

/** One refused line in words: "Line 4, column B: …" (the reason from sales.import.rowErrors). */
export function useRowErrorText(): (error: Pick<SalesRowError, 'row' | 'code'> & { column?: string | null; found?: number | null }) => string {
  const { t } = useTranslation();
  return useCallback(
    (e) => {
      const reason = t(`sales.import.rowErrors.${e.code}`, { found: e.found ?? '', defaultValue: e.code });
      return e.column ? t('sales.import.modal.line', { row: e.row, column: e.column, reason }) : t('sales.import.modal.lineNoColumn', { row: e.row, reason });
    },
    [t],
  );
}
