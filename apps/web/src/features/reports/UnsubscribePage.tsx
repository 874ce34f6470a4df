import { useMutation } from '@apollo/client';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UNSUBSCRIBE_REPORT } from './graphql/reports.ts';

/** The unsubscribe link of a report e-mail: no sign-in; the token removes its address from its report, once. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { data, error }] = useMutation(UNSUBSCRIBE_REPORT);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !token) return;
    asked.current = true;
    void unsubscribe({ variables: { token } }).catch(() => undefined);
  }, [token, unsubscribe]);
  const result = !token ? 'INVALID_TOKEN' : error ? 'ERROR' : data?.unsubscribeReport;
  return (
    <Stack>
      <PageHeader title={t('unsubscribe.title')} />
      {!result && <Loader aria-label={t('unsubscribe.working')} />}
      {result === 'UNSUBSCRIBED' && (
        <Alert color="green" data-testid="unsubscribe-success">
          {t('unsubscribe.success')}
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
