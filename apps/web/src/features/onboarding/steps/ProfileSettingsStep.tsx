import { NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type OnboardingData, languageError } from '@sitelens/domain';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import { onboardingStore } from '../onboardingStore.ts';

/** Step 4: the language of the interface and of messages (fr by default); the screen follows it at once. */
export function ProfileSettingsStep({ data, showErrors, allowed }: { data: OnboardingData; showErrors: boolean; allowed: readonly string[] }) {
  const { t } = useTranslation();
  const names = useLanguageNames();
  const { setLanguage } = useLanguage();
  const error = languageError(data.language, allowed);
  return (
    <Stack>
      <NativeSelect
        label={t('onboarding.profile.language')}
        description={t('onboarding.profile.languageHint')}
        required
        data={LANGUAGES.filter((l) => allowed.includes(l)).map((l) => ({ value: l, label: names[l] }))}
        value={data.language}
        onChange={(e) => {
          const language = e.currentTarget.value;
          onboardingStore.update({ language });
          void setLanguage(language);
        }}
        error={showErrors && error ? t(error) : undefined}
        data-testid="onboarding-language"
      />
    </Stack>
  );
}
