import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@sitelens/domain';
import { useLanguage } from '../../../shared/i18n/LanguageProvider.tsx';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';

/** Before sign-in the visitor picks the language; it is kept in localStorage. */
export function LoginLanguageSelect() {
  const { t } = useTranslation();
  const { language, allowedLanguages, setLanguage } = useLanguage();
  const names = useLanguageNames();
  const data = LANGUAGES.filter((l) => allowedLanguages.includes(l)).map((l) => ({ value: l, label: names[l] }));
  return (
    <Select
      aria-label={t('login.language')}
      data={data}
      value={language}
      onChange={(value) => value && void setLanguage(value)}
      allowDeselect={false}
      leftSection={<IconLanguage size={16} />}
      w={170}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
