import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client';
import { Badge, Button, Group, Modal, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { CANCEL_INVITATION, PENDING_INVITATIONS, RESEND_INVITATION } from './graphql.ts';

/** Pending invitations with resend and cancel (cancel asks first); actions need organization.user edit. */
export function PendingInvitations({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const { me } = useCaller();
  const format = userDateFormat(me.dateFormat);
  const tz = userTimeZone(me.timezone);
  const { data } = useQuery(PENDING_INVITATIONS);
  const [resend] = useMutation(RESEND_INVITATION, { refetchQueries: [PENDING_INVITATIONS] });
  const [cancel, { loading: cancelling }] = useMutation(CANCEL_INVITATION, { refetchQueries: [PENDING_INVITATIONS, 'AllUsers', 'UserAccountStates'] });
  const [confirming, setConfirming] = useState<{ id: number; email: string } | null>(null);
  const invitations = data?.invitations ?? [];
  if (invitations.length === 0) return null;

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      showToast(done, 'success');
    } catch (error) {
      showToast(errorText(error as never, t), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="pending-invitations">
      <Title order={2} size="h4" mb="sm">
        {t('invitations.pending.title')}
      </Title>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invitations.pending.email')}</Table.Th>
            <Table.Th>{t('invitations.pending.profile')}</Table.Th>
            <Table.Th>{t('invitations.pending.link')}</Table.Th>
            {editable && <Table.Th>{t('invitations.pending.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>
                <bdi>{i.email}</bdi>
              </Table.Td>
              <Table.Td>{i.profile?.name ?? '—'}</Table.Td>
              <Table.Td>
                {i.expiresAt ? (
                  <Text size="sm">{t('invitations.pending.validUntil', { date: formatDate(Date.parse(i.expiresAt), { format, tz }) })}</Text>
                ) : (
                  <Badge color="orange" variant="light">
                    {t('invitations.pending.expired')}
                  </Badge>
                )}
              </Table.Td>
              {editable && (
                <Table.Td>
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t('invitations.pending.resendTo', { email: i.email })}
                      onClick={() => void act(() => resend({ variables: { userId: i.id } }), t('invitations.pending.resent', { email: i.email }))}
                    >
                      {t('invitations.pending.resend')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" aria-label={t('invitations.pending.cancelTo', { email: i.email })} onClick={() => setConfirming({ id: i.id, email: i.email })}>
                      {t('invitations.pending.cancel')}
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={t('invitations.pending.cancelTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text size="sm">{t('invitations.pending.cancelText', { email: confirming?.email ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
            {t('invitations.pending.keep')}
          </Button>
          <Button
            color="red"
            loading={cancelling}
            onClick={() => {
              const target = confirming!;
              setConfirming(null);
              void act(() => cancel({ variables: { userId: target.id } }), t('invitations.pending.cancelled', { email: target.email }));
            }}
          >
            {t('invitations.pending.cancelConfirm')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
