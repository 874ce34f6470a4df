import { useState } from 'react';
import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REQUEST_NEW_INVITATION } from '../graphql/invitation.ts';

export type ExpiredVariant = 'admin' | 'user';

/**
 * The invitation-expired modal (spec 000 §4): administrators are told to contact support, other
 * users their organization's administrator; a new invitation can be asked for from the link.
 */
export function InvitationExpiredModal({ opened, variant, token, onClose }: { opened: boolean; variant: ExpiredVariant; token: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [request, { loading }] = useMutation(REQUEST_NEW_INVITATION);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);

  const resend = async () => {
    if (!token) return;
    try {
      await request({ variables: { token } });
      setResult('sent');
    } catch {
      setResult('failed');
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('invitation.expired.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack data-testid="invitation-expired" data-variant={variant}>
        <Text size="sm">{variant === 'admin' ? t('invitation.expired.admin') : t('invitation.expired.user')}</Text>
        {result && (
          <Alert color={result === 'sent' ? 'green' : 'red'} role={result === 'sent' ? 'status' : 'alert'}>
            {result === 'sent' ? t('invitation.expired.sent') : t('errors.common')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          {token && result !== 'sent' && (
            <Button onClick={() => void resend()} loading={loading} data-testid="invitation-resend">
              {t('invitation.expired.resend')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
