import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';
import { fullName } from '../../../shared/caller/fullName.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { type ManagedUser, RESET_USER_TWO_FACTOR } from '../graphql/managedUser.ts';

/**
 * Switches off a user's two-factor when they lost their phone or app (issue 29.17), with a
 * confirmation: organization.user edit, never oneself, never while viewing as; the server audits
 * it and tells the user by e-mail.
 */
export function ResetTwoFactorSection({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [reset, { loading }] = useMutation(RESET_USER_TWO_FACTOR, { refetchQueries: ['AllUsers'] });
  const name = fullName(user);

  const confirm = async () => {
    try {
      await reset({ variables: { userId: user.id } });
      showToast(t('managedUser.twoFactorResetDone', { name }), 'success');
      setConfirming(false);
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md" aria-labelledby="reset-two-factor-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reset-two-factor-title">
          {t('managedUser.resetTwoFactor')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('managedUser.resetTwoFactorHint')}
        </Text>
        <Group>
          <Button color="red" variant="light" leftSection={<IconShieldOff size={16} aria-hidden />} onClick={() => setConfirming(true)} data-testid="user-reset-two-factor">
            {t('managedUser.resetTwoFactor')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('managedUser.resetTwoFactor')}
        text={t('managedUser.resetTwoFactorConfirm', { name })}
        confirm={t('managedUser.resetTwoFactorAction')}
        cancel={t('managedUser.cancel')}
        busy={loading}
        testId="user-reset-two-factor-confirm"
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
