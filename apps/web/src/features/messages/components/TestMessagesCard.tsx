import { type ApolloError, useMutation } from '@apollo/client';
import { Button, Group, TextInput } from '@mantine/core';
import { IconMail, IconMessage, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookUrlProblem } from '@sitelens/domain';
import { errorCodeOf, errorText } from '../../../shared/api/errorText.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { MESSAGE_DELIVERIES, SEND_TEST_MESSAGE } from '../graphql/messages.ts';
import { SectionCard } from '../../../shared/layout/SectionCard.tsx';

/** An address, not words: the same in every language. */
const WEBHOOK_EXAMPLE = 'https://example.com/hooks/sitelens';

type Channel = 'EMAIL' | 'SMS' | 'WEBHOOK';

/** Test sends through the real queue: an e-mail to oneself, an SMS to one's phone, a webhook to an address. */
export function TestMessagesCard() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState<Channel | null>(null);
  const [send] = useMutation(SEND_TEST_MESSAGE, { refetchQueries: [MESSAGE_DELIVERIES] });
  const urlProblem = url.trim() ? webhookUrlProblem(url.trim()) : 'required';

  const sendTest = async (channel: Channel) => {
    setSending(channel);
    try {
      const { data } = await send({ variables: { channel, url: channel === 'WEBHOOK' ? url.trim() : null } });
      // The address as one left-to-right run (LRI … PDI), also inside an Arabic sentence.
      showToast(t('messages.test.sent', { recipient: `\u2066${data?.sendTestMessage.recipient ?? ''}\u2069` }), 'success');
    } catch (e) {
      const error = e as ApolloError;
      const field = error.graphQLErrors?.[0]?.extensions?.field;
      showToast(errorCodeOf(error) === 'BAD_USER_INPUT' && field === 'phone' ? t('messages.test.noPhone') : errorText(error, t), 'error');
    } finally {
      setSending(null);
    }
  };

  return (
    <SectionCard title={t('messages.test.title')} description={t('messages.test.description')} gap="sm">
      <Group>
        <Button variant="default" leftSection={<IconMail size={16} aria-hidden="true" />} loading={sending === 'EMAIL'} onClick={() => void sendTest('EMAIL')}>
          {t('messages.test.email')}
        </Button>
        <Button variant="default" leftSection={<IconMessage size={16} aria-hidden="true" />} loading={sending === 'SMS'} onClick={() => void sendTest('SMS')}>
          {t('messages.test.sms')}
        </Button>
      </Group>
      <Group align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('messages.test.webhookUrl')}
          placeholder={WEBHOOK_EXAMPLE}
          dir="ltr"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={touched && urlProblem && urlProblem !== 'required' ? t(`messages.test.url.${urlProblem}`) : undefined}
        />
        <Button
          mt={25}
          variant="default"
          leftSection={<IconWebhook size={16} aria-hidden="true" />}
          disabled={urlProblem !== null}
          loading={sending === 'WEBHOOK'}
          onClick={() => void sendTest('WEBHOOK')}
        >
          {t('messages.test.webhook')}
        </Button>
      </Group>
    </SectionCard>
  );
}
