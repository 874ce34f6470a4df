import { useMemo } from 'react';
import { Input, SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, LANGUAGES, formatDate } from '@sitelens/domain';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import type { PreferencesDraft } from '../hooks/useProfilePreferencesForm.ts';

const EXAMPLE_DATE = Date.UTC(2026, 11, 31, 12);

/** Language, date format, time zone and theme: the own profile's and a managed user's. */
export function PreferencesFields({
  draft,
  set,
  disabled = false,
}: {
  draft: PreferencesDraft;
  set: <K extends keyof PreferencesDraft>(key: K, value: PreferencesDraft[K]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { allowedLanguages } = useLanguage();
  const names = useLanguageNames();
  const languages = LANGUAGES.filter((l) => allowedLanguages.includes(l)).map((l) => ({ value: l, label: names[l] }));
  const formats = DATE_FORMATS.map((f) => ({ value: f, label: `${f} (${formatDate(EXAMPLE_DATE, { format: f, tz: 'UTC' })})` }));
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zones = useMemo(
    () => [
      { value: '', label: t('profile.preferences.timezoneAuto', { zone: browserZone }) },
      ...Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    ],
    [t, browserZone],
  );

  return (
    <>
      <Select
        label={t('profile.preferences.language')}
        description={t('profile.preferences.languageHint')}
        data={languages}
        data-testid="language-select"
        value={draft.lang}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && set('lang', value)}
      />
      <Select
        label={t('profile.preferences.dateFormat')}
        data={formats}
        value={draft.dateFormat}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && set('dateFormat', value)}
        data-testid="date-format-select"
      />
      <Select
        label={t('profile.preferences.timezone')}
        description={t('profile.preferences.timezoneHint')}
        data={zones}
        value={draft.timezone}
        searchable
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value !== null && set('timezone', value)}
        nothingFoundMessage={t('profile.preferences.noTimezone')}
        data-testid="timezone-select"
      />
      <Input.Wrapper label={t('profile.preferences.theme')} id="profile-theme">
        <div>
          <SegmentedControl
            mt={4}
            aria-labelledby="profile-theme-label"
            value={draft.theme}
            disabled={disabled}
            onChange={(value) => set('theme', value)}
            data={[
              { value: 'LIGHT', label: t('profile.preferences.themes.light') },
              { value: 'DARK', label: t('profile.preferences.themes.dark') },
            ]}
            data-testid="theme-control"
          />
        </div>
      </Input.Wrapper>
    </>
  );
}
