import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/api/errorText.ts';
import { ConfirmModal } from '../../../shared/confirm/ConfirmModal.tsx';
import { fullName } from '../../../shared/caller/fullName.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { useStartViewAs } from '../../view-as/useStartViewAs.ts';
import { DELETE_USER, type ManagedUser } from '../graphql/managedUser.ts';

/** View as this user (administrators) and remove them (organization.user delete), with a confirmation. */
export function ManagedUserActions({ user, canViewAs, canDelete }: { user: ManagedUser; canViewAs: boolean; canDelete: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const viewAs = useStartViewAs(user.id);
  const [remove, { loading }] = useMutation(DELETE_USER, { refetchQueries: ['AllUsers'] });
  if (!canViewAs && !canDelete) return null;
  const name = fullName(user);

  const confirmDelete = async () => {
    try {
      await remove({ variables: { userId: user.id } });
      showToast(t('managedUser.deleted', { name }), 'success');
      setConfirming(false);
      navigate('/settings/user-management', { replace: true });
    } catch (error) {
      showToast(errorText(error instanceof ApolloError ? error : undefined, t), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" maw={720} mt="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('managedUser.actions')}
        </Title>
        <Group>
          {canViewAs && (
            <Button variant="light" leftSection={<IconEye size={16} aria-hidden />} onClick={() => void viewAs.start()} loading={viewAs.starting} data-testid="view-as-start">
              {t('viewAs.start')}
            </Button>
          )}
          {canDelete && (
            <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirming(true)} data-testid="user-delete">
              {t('managedUser.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('managedUser.deleteTitle')}
        text={t('managedUser.deleteConfirm', { name })}
        confirm={t('managedUser.deleteAction')}
        cancel={t('managedUser.cancel')}
        busy={loading}
        testId="user-delete-confirm"
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
