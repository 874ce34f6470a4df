import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="var(--sl-screen-height)" role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}

export function SectionLoader() {
  const { t } = useTranslation();
  return (
    <Center mih={240} role="status" aria-live="polite" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
