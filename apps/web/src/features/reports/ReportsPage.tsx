import { useMutation, useQuery } from '@apollo/client';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Skeleton, Switch, Table, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { focusWhenLost, pageHeading } from '../../shared/layout/focusWhenLost.ts';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { frequencyLabel } from './components/reportLabels.ts';
import { DELETE_REPORT, SCHEDULED_REPORTS, SET_REPORT_ENABLED, type ScheduledReport } from './graphql/reports.ts';

const EMAILS_SHOWN = 2;

/** Scheduled reports (spec 002 §2): name, site, state, frequency, days included, e-mails, enabled, delete. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { gates } = useCaller();
  const { data, loading, error } = useQuery(SCHEDULED_REPORTS);
  const [setEnabled] = useMutation(SET_REPORT_ENABLED);
  const [remove, removing] = useMutation(DELETE_REPORT, { refetchQueries: [SCHEDULED_REPORTS], awaitRefetchQueries: true });
  const [toDelete, setToDelete] = useState<ScheduledReport | null>(null);
  const reports = data?.scheduledReports ?? [];

  const toggle = (report: ScheduledReport, enabled: boolean) =>
    setEnabled({ variables: { id: report.id, enabled } }).catch(() => showToast(t('reports.errors.update'), 'error'));
  // Where focus goes once a deleted row is gone: the next row's delete button (else the previous
  // row's), or the page's "New report" button / heading when the list is empty (focusWhenLost).
  const focusAfterDelete = useRef<number | null>(null);
  const focusTarget = () => {
    const index = focusAfterDelete.current;
    const buttons = [...document.querySelectorAll<HTMLElement>('[data-testid="report-delete"]')];
    const row = index === null ? undefined : (buttons[index] ?? buttons[buttons.length - 1]);
    return row ?? document.querySelector<HTMLElement>('[data-testid="reports-create"]') ?? pageHeading();
  };
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      focusAfterDelete.current = reports.findIndex((r) => r.id === toDelete.id);
      await remove({ variables: { id: toDelete.id } });
      showToast(t('reports.toasts.deleted'), 'success');
    } catch {
      showToast(t('reports.errors.delete'), 'error');
    }
    setToDelete(null);
  };

  return (
    <>
      <PageHeader
        title={t('reports.title')}
        description={t('reports.intro')}
        actions={
          gates.reportCreate && (
            <Group gap="sm">
              <Button component={Link} to="/reports/send-once" variant="light" leftSection={<IconMailForward size={16} aria-hidden="true" />} data-testid="reports-send-once">
                {t('reports.once.action')}
              </Button>
              <Button component={Link} to="/reports/new" leftSection={<IconPlus size={16} aria-hidden="true" />} data-testid="reports-create">
                {t('reports.list.create')}
              </Button>
            </Group>
          )
        }
      />
      {loading && !data && <Skeleton height={120} data-testid="reports-loading" />}
      {error && !data && <Alert color="red">{t('reports.list.loadError')}</Alert>}
      {data && reports.length === 0 && (
        <Text c="dimmed" data-testid="reports-empty">
          {t('reports.list.empty')}
        </Text>
      )}
      {reports.length > 0 && (
        <Table.ScrollContainer minWidth={800} scrollAreaProps={{ type: 'auto' }}>
          <Table verticalSpacing="sm" data-testid="reports-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reports.list.name')}</Table.Th>
                <Table.Th>{t('reports.list.site')}</Table.Th>
                <Table.Th>{t('reports.list.state')}</Table.Th>
                <Table.Th>{t('reports.list.frequency')}</Table.Th>
                <Table.Th>{t('reports.list.daysIncluded')}</Table.Th>
                <Table.Th>{t('reports.list.emails')}</Table.Th>
                <Table.Th>{t('reports.list.enabled')}</Table.Th>
                <Table.Th>{t('reports.list.delete')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reports.map((r) => (
                <Table.Tr key={r.id} data-testid="report-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/reports/${r.id}`} fw={500}>
                      {r.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{r.siteName}</Table.Td>
                  <Table.Td>
                    <Badge color={r.status === 'ACTIVE' ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
                      {r.status === 'ACTIVE' ? t('reports.list.active') : t('reports.list.inactive')}
                    </Badge>
                    {/* Why nothing is sent: the zone was deleted, or the event has ended. */}
                    {r.status === 'INACTIVE' && (
                      <Text size="xs" c="dimmed" mt={4} data-testid="report-inactive-reason">
                        {r.zoneDeleted ? t('reports.list.zoneDeleted', { zone: r.zoneName }) : t('reports.list.eventEnded', { event: r.eventName })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{frequencyLabel(t, i18n.language, r.sendDay, r.hour)}</Table.Td>
                  <Table.Td>{t('reports.list.days', { count: r.daysIncluded })}</Table.Td>
                  <Table.Td>
                    {/* The addresses alone are a left-to-right run; "+N more" is in the page's own direction, after them. */}
                    <Text size="sm" data-testid="report-emails-cell">
                      <bdi dir="ltr">{r.emails.slice(0, EMAILS_SHOWN).join(', ')}</bdi>
                      {r.emails.length > EMAILS_SHOWN && (
                        <>
                          {' '}
                          <bdi data-testid="report-emails-more">{t('reports.list.more', { count: r.emails.length - EMAILS_SHOWN })}</bdi>
                        </>
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={r.enabled}
                      disabled={!gates.reportEdit}
                      onChange={(e) => void toggle(r, e.currentTarget.checked)}
                      aria-label={t('reports.list.enableNamed', { name: r.title })}
                      data-testid="report-enabled"
                    />
                  </Table.Td>
                  <Table.Td>
                    {gates.reportDelete && (
                      <Tooltip label={t('reports.list.delete')}>
                        <ActionIcon variant="subtle" color="red" aria-label={t('reports.list.deleteNamed', { name: r.title })} onClick={() => setToDelete(r)} data-testid="report-delete">
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={toDelete !== null}
        onClose={() => setToDelete(null)}
        onExitTransitionEnd={() => {
          focusWhenLost(focusTarget);
        }}
        title={t('reports.deleteConfirm.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text size="sm">{t('reports.deleteConfirm.text', { name: toDelete?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
            {t('reports.deleteConfirm.cancel')}
          </Button>
          <Button color="red" loading={removing.loading} onClick={() => void confirmDelete()} data-testid="report-delete-confirm">
            {t('reports.deleteConfirm.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
