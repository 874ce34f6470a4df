import { useMemo } from 'react';
import { Input, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, LANGUAGES, formatDate } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { useLanguage } from '../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../shared/i18n/useLanguageNames.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { FormActions } from '../../shared/forms/FormActions.tsx';
import { useProfilePreferencesForm } from './hooks/useProfilePreferencesForm.ts';
import { BrowserNotificationsSwitch } from '../messages/BrowserNotificationsSwitch.tsx';

const EXAMPLE_DATE = Date.UTC(2026, 11, 31, 12);

/** Language, date format, time zone and theme (spec 000 §2), with the leave confirmation while changed. */
export default function ProfilePreferencesPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const { allowedLanguages } = useLanguage();
  const names = useLanguageNames();
  const form = useProfilePreferencesForm(me);
  const { draft, set } = form;

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
      <PageHeader title={t('profile.preferences.title')} />
      <UnsavedChangesGuard when={form.dirty} onSave={form.save} />
      <Paper
        component="form"
        withBorder
        radius="md"
        p="lg"
        maw={720}
        onSubmit={(event) => {
          event.preventDefault();
          void form.save();
        }}
        aria-label={t('profile.preferences.title')}
      >
        <Stack>
          <Select
            label={t('profile.preferences.language')}
            description={t('profile.preferences.languageHint')}
            data={languages}
            data-testid="language-select"
            value={draft.lang}
            allowDeselect={false}
            onChange={(value) => value && set('lang', value)}
          />
          <Select
            label={t('profile.preferences.dateFormat')}
            data={formats}
            value={draft.dateFormat}
            allowDeselect={false}
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
                onChange={(value) => set('theme', value)}
                data={[
                  { value: 'LIGHT', label: t('profile.preferences.themes.light') },
                  { value: 'DARK', label: t('profile.preferences.themes.dark') },
                ]}
                data-testid="theme-control"
              />
            </div>
          </Input.Wrapper>
          <FormActions dirty={form.dirty} saving={form.saving} onReset={form.reset} />
        </Stack>
      </Paper>
      <BrowserNotificationsSwitch />
    </>
  );
}
