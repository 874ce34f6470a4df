import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '@sitelens/domain';
import { useOptionalCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat } from '../../../shared/caller/userDateFormat.ts';

export interface DisplayPrefs {
  /** The user's language, for digits and separators. */
  locale: string;
  /** The user's time zone, else the site's (spec 001 §9: dates in the user's format and zone). */
  tz: string;
  dateFormat: DateFormat;
}

/** How the signed-in user reads numbers and dates. */
export function useDisplayPrefs(siteTimezone: string): DisplayPrefs {
  const { i18n } = useTranslation();
  // The widget builder preview has no signed-in shell: the site's zone and the default format then.
  const me = useOptionalCaller()?.me;
  return useMemo(
    () => ({ locale: i18n.language || 'en', tz: me?.timezone || siteTimezone, dateFormat: userDateFormat(me?.dateFormat) }),
    [i18n.language, me?.timezone, me?.dateFormat, siteTimezone],
  );
}
