import { useState } from 'react';
import { ApolloError, useQuery } from '@apollo/client';
import { Alert, Button, Center, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { AuditEntryText } from './components/AuditEntryText.tsx';
import { AUDIT_LOG } from './graphql/managedUser.ts';

const AUDIT_PAGE = 50;

/** Settings > Audit log (administrators): what was done while viewing as users, newest first. */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const { data, loading, error, fetchMore } = useQuery(AUDIT_LOG, { variables: { first: AUDIT_PAGE, offset: 0 }, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: true });
  const [more, setMore] = useState<{ loading: boolean; done: boolean }>({ loading: false, done: false });
  if (loading && !data) return <SectionLoader />;
  const entries = data?.auditLog ?? [];
  // A long log is read a page at a time: the older entries come below, the newest stay first.
  const showOlder = async () => {
    setMore({ loading: true, done: false });
    const { data: next } = await fetchMore({
      variables: { offset: entries.length },
      updateQuery: (previous, { fetchMoreResult }) => ({ auditLog: [...previous.auditLog, ...fetchMoreResult.auditLog.filter((e) => !previous.auditLog.some((p) => p.id === e.id))] }),
    }).catch((failure: unknown) => {
      showToast(errorText(failure instanceof ApolloError ? failure : undefined, t), 'error');
      return { data: null };
    });
    setMore({ loading: false, done: next !== null && next.auditLog.length < AUDIT_PAGE });
  };
  const hasOlder = !more.done && entries.length > 0 && entries.length % AUDIT_PAGE === 0;
  // A refusal's code in words where the catalogue has it (errors.FORBIDDEN...), the code otherwise.
  const refusal = (code: string) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : code);
  const when = (iso: string) => formatDate(Date.parse(iso), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });

  return (
    <>
      <PageHeader title={t('auditLog.title')} description={t('auditLog.description')} />
      {error && !data && (
        <Alert color="red" role="alert" data-testid="audit-log-error">
          {errorText(error, t)}
        </Alert>
      )}
      {!error || data ? (
      <Paper withBorder radius="md" p="md">
        {entries.length === 0 ? (
          <Text c="dimmed">{t('auditLog.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640} scrollAreaProps={{ type: 'auto' }}>
            <Table striped data-testid="audit-log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('auditLog.when')}</Table.Th>
                  <Table.Th>{t('auditLog.admin')}</Table.Th>
                  <Table.Th>{t('auditLog.user')}</Table.Th>
                  <Table.Th>{t('auditLog.operation')}</Table.Th>
                  <Table.Th>{t('auditLog.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{when(e.createdAt)}</Table.Td>
                    <Table.Td dir="ltr">{e.adminEmail}</Table.Td>
                    <Table.Td dir="ltr">{e.userEmail}</Table.Td>
                    <Table.Td>
                      <AuditEntryText operation={e.operation} objectName={e.objectName} changedFields={e.changedFields} />
                    </Table.Td>
                    <Table.Td>{e.outcome === 'OK' ? t('auditLog.ok') : t('auditLog.refusedBecause', { reason: refusal(e.outcome) })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {hasOlder && (
          <Center mt="md">
            <Button variant="light" loading={more.loading} onClick={() => void showOlder()} data-testid="audit-log-older">
              {t('auditLog.older')}
            </Button>
          </Center>
        )}
      </Paper>
      ) : null}
    </>
  );
}
