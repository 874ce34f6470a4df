import { useQuery } from '@apollo/client';
import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../shared/api/errorText.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { AlertForm } from './components/AlertForm.tsx';
import { ALERT_BY_ID } from './graphql/alerts.ts';
import { draftOf } from './hooks/useAlertForm.ts';

/** Update alert (needs the edit right, gated by the route). */
export default function AlertPage() {
  const { t } = useTranslation();
  const alertId = Number(useParams().id);
  const query = useQuery(ALERT_BY_ID, { variables: { alertId }, skip: !Number.isSafeInteger(alertId), fetchPolicy: 'network-only' });
  const alert = query.data?.alertById;
  return (
    <>
      <PageHeader title={t('alerts.edit.title')} />
      {query.loading && <Skeleton height={480} />}
      {(query.error || (!query.loading && !alert)) && <Alert color="red">{query.error ? errorText(query.error, t) : t('errors.NOT_FOUND')}</Alert>}
      {alert && <AlertForm key={alert.id} alertId={alert.id} initial={draftOf(alert)} />}
    </>
  );
}
