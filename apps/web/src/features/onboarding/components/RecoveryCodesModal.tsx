import { Alert, Button, Code, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The recovery codes of the two-factor chosen during onboarding (issue 29.17), shown once before
 * the sign-in page; codes read left to right in every language.
 */
export function RecoveryCodesModal({ codes, onDone }: { codes: string[] | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={codes !== null} onClose={onDone} title={t('onboarding.recovery.title')} closeOnClickOutside={false} centered>
      <Stack>
        <Alert color="yellow" title={t('profile.security.recovery.shownOnce')} data-testid="onboarding-recovery-codes">
          <SimpleGrid cols={2} spacing="xs" dir="ltr">
            {(codes ?? []).map((c) => (
              <Code key={c} data-testid="recovery-code">
                {c}
              </Code>
            ))}
          </SimpleGrid>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone} data-testid="onboarding-recovery-done">
            {t('onboarding.recovery.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
