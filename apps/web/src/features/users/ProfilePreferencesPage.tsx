import { ApolloError, useMutation } from '@apollo/client';
import { Paper, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, LANGUAGES } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat } from '../../shared/caller/userDateFormat.ts';
import { useLanguage } from '../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../shared/i18n/useLanguageNames.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { UPDATE_USER_PROFILE, type UserProfileInput } from './graphql/users.ts';
import { BrowserNotificationsSwitch } from '../messages/BrowserNotificationsSwitch.tsx';

/** Language and date format, saved on change; the interface switches at once. */
export default function ProfilePreferencesPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const { language, allowedLanguages, setLanguage } = useLanguage();
  const names = useLanguageNames();
  const [update, { loading }] = useMutation(UPDATE_USER_PROFILE);

  const save = async (profile: UserProfileInput) => {
    try {
      await update({ variables: { profile } });
      showToast(t('profile.preferences.saved'), 'success');
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
    }
  };

  const changeLanguage = async (lang: string) => {
    await setLanguage(lang);
    await save({ lang });
  };

  const languages = LANGUAGES.filter((l) => allowedLanguages.includes(l)).map((l) => ({ value: l, label: names[l] }));
  const formats = DATE_FORMATS.map((f) => ({ value: f, label: f }));

  return (
    <>
      <PageHeader title={t('profile.preferences.title')} />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Stack>
          <Select
            label={t('profile.preferences.language')}
            description={t('profile.preferences.languageHint')}
            data={languages}
            data-testid="language-select"
            value={language}
            allowDeselect={false}
            disabled={loading}
            onChange={(value) => value && value !== language && void changeLanguage(value)}
          />
          <Select
            label={t('profile.preferences.dateFormat')}
            data={formats}
            value={userDateFormat(me.dateFormat)}
            allowDeselect={false}
            disabled={loading}
            onChange={(value) => value && value !== me.dateFormat && void save({ dateFormat: value })}
          />
        </Stack>
      </Paper>
      <BrowserNotificationsSwitch />
    </>
  );
}
