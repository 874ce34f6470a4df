import { type ApolloError, useMutation, useQuery } from '@apollo/client';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { ROTATE_WEBHOOK_SIGNING_SECRET, WEBHOOK_SIGNING_SECRET } from '../graphql/messages.ts';
import { SectionCard } from '../../../shared/layout/SectionCard.tsx';

/** The key webhooks are signed with: shown on demand, copied, rotated after a confirmation. */
export function WebhookSecretCard() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const [shown, setShown] = useState(false);
  const { data, error } = useQuery(WEBHOOK_SIGNING_SECRET);
  const [rotate, { loading }] = useMutation(ROTATE_WEBHOOK_SIGNING_SECRET, { refetchQueries: [WEBHOOK_SIGNING_SECRET] });
  const secret = data?.webhookSigningSecret;
  const when = (iso: string) => formatDate(Date.parse(iso), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });

  const [confirming, confirm] = useDisclosure(false);
  const rotateNow = async () => {
    confirm.close();
    try {
      await rotate();
      showToast(t('messages.webhook.rotated'), 'success');
    } catch (e) {
      showToast(errorText(e as ApolloError, t), 'error');
    }
  };

  return (
    <SectionCard title={t('messages.webhook.title')} description={t('messages.webhook.description')} gap="sm">
      {error && !secret && <Alert color="red">{errorText(error, t)}</Alert>}
      {!secret && !error && <Skeleton height={36} />}
      {secret && (
        <>
          <Group gap="xs" wrap="nowrap">
            <Code dir="ltr" style={{ flex: 1, overflowWrap: 'anywhere' }} data-testid="webhook-secret">
              {shown ? secret.secret : `${secret.secret.slice(0, 6)}${'•'.repeat(24)}`}
            </Code>
            <Tooltip label={shown ? t('messages.webhook.hide') : t('messages.webhook.show')}>
              <ActionIcon variant="default" size="lg" onClick={() => setShown(!shown)} aria-label={shown ? t('messages.webhook.hide') : t('messages.webhook.show')}>
                {shown ? <IconEyeOff size={18} aria-hidden="true" /> : <IconEye size={18} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
            <CopyButton value={secret.secret}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('messages.webhook.copied') : t('messages.webhook.copy')}>
                  <ActionIcon variant="default" size="lg" onClick={copy} aria-label={t('messages.webhook.copy')}>
                    {copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {t('messages.webhook.rotatedAt', { date: when(secret.rotatedAt) })}
            {secret.previousValidUntil && ` ${t('messages.webhook.previousUntil', { date: when(secret.previousValidUntil) })}`}
          </Text>
          <Group>
            <Button variant="light" color="red" loading={loading} onClick={confirm.open}>
              {t('messages.webhook.rotate')}
            </Button>
          </Group>
        </>
      )}
      <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={confirming} onClose={confirm.close} title={t('messages.webhook.rotateTitle')} centered>
        <Stack>
          <Text size="sm">{t('messages.webhook.rotateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              {t('messages.webhook.cancel')}
            </Button>
            <Button color="red" onClick={() => void rotateNow()}>
              {t('messages.webhook.rotate')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
