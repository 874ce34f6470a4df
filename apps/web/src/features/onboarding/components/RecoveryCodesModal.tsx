import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecoveryCodeList } from '../../../shared/security/RecoveryCodeList.tsx';

/**
 * The recovery codes of the two-factor chosen during onboarding (issue 29.17), shown once before
 * the sign-in page. A one-time secret: no close button, Escape or click outside; only "I have kept them".
 */
export function RecoveryCodesModal({ codes, onDone }: { codes: string[] | null; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={codes !== null}
      onClose={() => {}}
      title={t('onboarding.recovery.title')}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
    >
      <Stack>
        <RecoveryCodeList codes={codes ?? []} testId="onboarding-recovery-codes" />
        <Group justify="flex-end">
          <Button onClick={onDone} data-testid="onboarding-recovery-done">
            {t('onboarding.recovery.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
