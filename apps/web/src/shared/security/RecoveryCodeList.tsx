import { Alert, Button, Code, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../toasts/toastStore.ts';
import { downloadRecoveryCodes, recoveryCodesText } from './recoveryCodesFile.ts';

/**
 * A new set of recovery codes, shown once (two-factor set-up in the profile, end of onboarding):
 * the codes, read left to right in every language, with a copy and a download so the one-time
 * secret can be kept. `testId` names the list.
 */
export function RecoveryCodeList({ codes, testId = 'recovery-codes' }: { codes: readonly string[]; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      showToast(t('profile.security.recovery.copied'), 'success');
    } catch {
      showToast(t('profile.security.recovery.cannotCopy'), 'error');
    }
  };
  const download = () => downloadRecoveryCodes(t('profile.security.recovery.fileHeading', { app: t('app.name') }), codes);
  return (
    <Alert color="yellow" title={t('profile.security.recovery.shownOnce')} data-testid={testId}>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="xs" dir="ltr">
          {codes.map((c) => (
            <Code key={c} data-testid="recovery-code">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group gap="xs">
          <Button variant="default" size="xs" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => void copy()} data-testid="recovery-copy">
            {t('profile.security.recovery.copy')}
          </Button>
          <Button variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={download} data-testid="recovery-download">
            {t('profile.security.recovery.download')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
