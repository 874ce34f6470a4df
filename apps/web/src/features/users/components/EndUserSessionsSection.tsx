import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/errorText.ts';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';
import { fullName } from '../../../shared/caller/fullName.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { END_USER_SESSIONS, type ManagedUser } from '../graphql/managedUser.ts';

/** Signs a user out on every device (a lost laptop), with a confirmation: organization.user edit, never oneself. */
export function EndUserSessionsSection({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [end, { loading }] = useMutation(END_USER_SESSIONS);
  const name = fullName(user);

  const confirm = async () => {
    try {
      const result = await end({ variables: { userId: user.id } });
      showToast(t('managedUser.sessionsEnded', { name, count: result.data?.endUserSessions ?? 0 }), 'success');
      setConfirming(false);
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md" aria-labelledby="end-sessions-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="end-sessions-title">
          {t('managedUser.sessionsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('managedUser.sessionsHint')}
        </Text>
        <Group>
          <Button color="red" variant="light" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => setConfirming(true)} data-testid="user-end-sessions">
            {t('managedUser.endSessions')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('managedUser.endSessions')}
        text={t('managedUser.endSessionsConfirm', { name })}
        confirm={t('managedUser.endSessionsAction')}
        cancel={t('managedUser.cancel')}
        busy={loading}
        testId="user-end-sessions-confirm"
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
