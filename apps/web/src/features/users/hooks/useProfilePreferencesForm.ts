import { useMemo, useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import type { CurrentUser } from '../../../shared/caller/callerQueries.ts';
import { userDateFormat } from '../../../shared/caller/userDateFormat.ts';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_USER_PROFILE, type UserProfileInput } from '../graphql/users.ts';

export interface PreferencesDraft {
  lang: string;
  dateFormat: string;
  /** '' follows the browser's time zone. */
  timezone: string;
  theme: string;
}

/** A user's saved preferences; an unset language reads as the interface's. */
export const preferencesOf = (me: Pick<CurrentUser, 'lang' | 'dateFormat' | 'timezone' | 'theme'>, language: string): PreferencesDraft => ({
  lang: me.lang || language,
  dateFormat: userDateFormat(me.dateFormat),
  timezone: me.timezone ?? '',
  theme: me.theme === 'DARK' ? 'DARK' : 'LIGHT',
});

/** Language, date format, time zone and theme, saved together; the interface follows once saved. */
export function useProfilePreferencesForm(me: CurrentUser) {
  const { t, i18n } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const saved = useMemo(() => preferencesOf(me, language), [me, language]);
  const [draft, setDraft] = useState(saved);
  const [update, { loading }] = useMutation(UPDATE_USER_PROFILE);

  const input: UserProfileInput = {};
  for (const key of ['lang', 'dateFormat', 'timezone', 'theme'] as const) if (draft[key] !== saved[key]) input[key] = draft[key];
  const dirty = Object.keys(input).length > 0;

  const save = async (): Promise<boolean> => {
    if (!dirty) return true;
    try {
      await update({ variables: { profile: input } });
      if (input.lang) await setLanguage(input.lang);
      // Said in the language just chosen (this render's `t` is the one before).
      showToast(i18n.getFixedT(input.lang ?? i18n.language)('profile.preferences.saved'), 'success');
      return true;
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
      return false;
    }
  };

  const set = <K extends keyof PreferencesDraft>(key: K, value: PreferencesDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  return { draft, set, dirty, save, saving: loading, reset: () => setDraft(saved) };
}
