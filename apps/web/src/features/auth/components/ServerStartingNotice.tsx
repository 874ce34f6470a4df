import { Alert, Progress, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useServerStarting } from '../hooks/useServerStarting.ts';

/** On a first start, the demo organization's build and how far it is; gone once the server is ready. */
export function ServerStartingNotice() {
  const { t } = useTranslation();
  const starting = useServerStarting();
  if (!starting) return null;
  // Part n has begun: n - 1 parts are done.
  const percent = Math.round((100 * Math.max(0, starting.step - 1)) / Math.max(1, starting.steps));
  return (
    <Alert color="blue" icon={<IconHourglass size={18} aria-hidden="true" />} title={t('login.starting.title')} role="status" data-testid="server-starting">
      <Text size="sm">{t('login.starting.text', { step: starting.step, steps: starting.steps })}</Text>
      <Progress value={percent} mt="xs" size="sm" aria-label={t('login.starting.progress')} animated />
    </Alert>
  );
}
