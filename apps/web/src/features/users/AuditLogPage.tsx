import { useQuery } from '@apollo/client';
import { Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { AuditEntryText } from './components/AuditEntryText.tsx';
import { AUDIT_LOG } from './graphql/managedUser.ts';

/** Settings > Audit log (administrators): what was done while viewing as users, newest first. */
export default function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const { data, loading } = useQuery(AUDIT_LOG, { variables: { first: 200 }, fetchPolicy: 'network-only' });
  if (loading && !data) return <SectionLoader />;
  const entries = data?.auditLog ?? [];
  // A refusal's code in words where the catalogue has it (errors.FORBIDDEN...), the code otherwise.
  const refusal = (code: string) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : code);
  const when = (iso: string) => formatDate(Date.parse(iso), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });

  return (
    <>
      <PageHeader title={t('auditLog.title')} description={t('auditLog.description')} />
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
      </Paper>
    </>
  );
}
