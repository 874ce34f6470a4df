import { useMutation } from '@apollo/client';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UNSUBSCRIBE_REPORT } from './graphql/reports.ts';

/**
 * The unsubscribe link of a report e-mail: no sign-in. Opening it changes nothing (a mail scanner
 * may open every link of a message); the button removes the address from its report, once. Mail
 * programs unsubscribe in one click without this page (RFC 8058 POST, unsubscribe.route.ts).
 */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { data, error, loading }] = useMutation(UNSUBSCRIBE_REPORT);
  const result = !token ? 'INVALID_TOKEN' : error ? 'ERROR' : data?.unsubscribeReport;
  return (
    <Stack>
      <PageHeader title={t('unsubscribe.title')} />
      {!result && (
        <Paper withBorder radius="md" p="lg" data-testid="unsubscribe-confirm">
          <Text mb="md">{t('unsubscribe.question')}</Text>
          <Group>
            <Button loading={loading} onClick={() => void unsubscribe({ variables: { token } }).catch(() => undefined)} data-testid="unsubscribe-button">
              {t('unsubscribe.confirm')}
            </Button>
          </Group>
        </Paper>
      )}
      {result === 'UNSUBSCRIBED' && (
        <Alert color="green" data-testid="unsubscribe-success">
          {t('unsubscribe.success')}
        </Alert>
      )}
      {result === 'NOT_ON_LIST' && (
        <Alert color="blue" data-testid="unsubscribe-not-on-list">
          {t('reports.unsubscribe.notOnList')}
        </Alert>
      )}
      {result === 'INVALID_TOKEN' && (
        <Alert color="red" data-testid="unsubscribe-invalid">
          {t('unsubscribe.invalid')}
        </Alert>
      )}
      {result === 'ERROR' && <Alert color="red">{t('errors.common')}</Alert>}
      <Anchor component={Link} to="/">
        {t('unsubscribe.home')}
      </Anchor>
    </Stack>
  );
}
