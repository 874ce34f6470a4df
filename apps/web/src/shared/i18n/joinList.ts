import type { TFunction } from 'i18next';

/**
 * Items of a list that has no "and" (a site's "City, Country", the filter bar's days) joined with the
 * language's comma from the catalogue (common.listSeparator: Arabic writes "،"); empty ones left out.
 */
export const joinList = (t: TFunction, items: ReadonlyArray<string | null | undefined>): string => items.filter(Boolean).join(t('common.listSeparator'));
