import type { TFunction } from 'i18next';
import type { VersionRow } from './historyDocuments.ts';

type Summary = VersionRow['summary'];

const COUNTS = ['widgetsAdded', 'widgetsRemoved', 'widgetsChanged', 'pagesAdded', 'pagesRemoved', 'pagesChanged'] as const;

/** The history's one line for a version: "2 widgets added, 1 changed", "Restored from version 3", "Renamed". */
export function versionSummaryText(summary: Summary, restoredFrom: number | null, t: TFunction): string {
  if (restoredFrom !== null) return t('dashboardHistory.summary.restored', { number: restoredFrom });
  if (summary.first) return t('dashboardHistory.summary.first');
  const parts = COUNTS.filter((k) => summary[k] > 0).map((k) => t(`dashboardHistory.summary.${k}`, { count: summary[k] }));
  if (summary.renamed) parts.unshift(t('dashboardHistory.summary.renamed'));
  // Arabic separates with its own comma.
  return parts.length ? parts.join(t('common.listSeparator')) : t('dashboardHistory.summary.unchanged');
}
