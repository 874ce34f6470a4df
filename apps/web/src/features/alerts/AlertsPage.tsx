import { useMutation, useQuery } from '@apollo/client';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBell, IconCircleCheck, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ALERT_PAGE_SIZE } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { focusWhenLost } from '../../shared/layout/focusWhenLost.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { ALERT_LIST, type AlertListItem, DELETE_ALERT, TOGGLE_ALERT } from './graphql/alerts.ts';

/** The alert an alert's message links to (?alert=12), for a reader who may not open its edit form. */
function linkedAlert(params: URLSearchParams): number | null {
  const id = Number(params.get('alert'));
  return params.has('alert') && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The alerts list (spec 002 §2): search, cursor pages of 15, enabled switch, delete with
 * confirmation. Opened from an alert's message (?alert=12), it shows that alert until "Show all alerts".
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const { gates, installations } = useCaller();
  const [params, setParams] = useSearchParams();
  const linked = linkedAlert(params);
  const [search, setSearch] = useState('');
  const [searchValue] = useDebouncedValue(search.trim(), 500);
  // The cursors of the pages before the one shown: Previous pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1) ?? null;
  const filter = linked !== null ? { alertIds: [linked] } : searchValue ? { searchValue } : null;
  const variables = { first: ALERT_PAGE_SIZE, after, filter };
  const list = useQuery(ALERT_LIST, { variables });
  const [toggle] = useMutation(TOGGLE_ALERT);
  const [remove, removing] = useMutation(DELETE_ALERT);
  const [toDelete, setToDelete] = useState<AlertListItem | null>(null);
  const connection = list.data?.alertConnection;
  const siteName = (id: number) => installations?.find((i) => i.id === id)?.name ?? '';

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await remove({ variables: { id: toDelete.id } });
      showToast(t('alerts.toast.deleted'), 'success');
      await list.refetch();
    } catch {
      showToast(t('alerts.toast.notDeleted'), 'error');
    }
    setToDelete(null);
  }

  return (
    <>
      <PageHeader
        title={t('alerts.title')}
        actions={
          gates.alertCreate ? (
            <Button component={Link} to="/alerts/new-alert" leftSection={<IconPlus size={16} />} data-testid="alert-create">
              {t('alerts.list.create')}
            </Button>
          ) : undefined
        }
      />
      <Stack>
        {linked !== null && (
          <Alert color="blue" icon={<IconBell size={18} aria-hidden="true" />} data-testid="alerts-linked">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{t('alerts.list.fromMessage')}</Text>
              <Button size="xs" variant="light" onClick={() => setParams({}, { replace: true })} data-testid="alerts-show-all">
                {t('alerts.list.showAll')}
              </Button>
            </Group>
          </Alert>
        )}
        {linked === null && (
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('alerts.list.search')}
            aria-label={t('alerts.list.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setCursors([]);
            }}
            maw={360}
            data-testid="alert-search"
          />
        )}
        {list.error && <Alert color="red">{errorText(list.error, t)}</Alert>}
        {list.loading && !connection && <Skeleton height={240} />}
        {connection && connection.count === 0 && (
          <Alert color="gray" icon={<IconCircleCheck size={18} />} data-testid="alerts-empty">
            {searchValue || linked !== null ? t('alerts.list.noMatch') : t('alerts.list.empty')}
          </Alert>
        )}
        {connection && connection.count > 0 && (
          <Table striped highlightOnHover data-testid="alerts-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('alerts.list.name')}</Table.Th>
                <Table.Th>{t('alerts.list.site')}</Table.Th>
                <Table.Th>{t('alerts.list.condition')}</Table.Th>
                <Table.Th>{t('alerts.list.state')}</Table.Th>
                <Table.Th>{t('alerts.list.enabled')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('alerts.list.delete')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {connection.nodes.map((a) => (
                <Table.Tr key={a.id} data-testid="alert-row">
                  <Table.Td>
                    {gates.alertEdit ? (
                      <Anchor component={Link} to={`/alerts/${a.id}`} dir="auto">
                        {a.name}
                      </Anchor>
                    ) : (
                      <Text dir="auto">{a.name}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{siteName(a.installationId)}</Table.Td>
                  <Table.Td>{a.condition ? t(`alerts.condition.${a.condition.type}`) : '-'}</Table.Td>
                  <Table.Td>
                    {/* A switched-off alert watches nothing: neither OK nor triggered. */}
                    <Badge color={!a.enabled ? 'gray' : a.triggered ? 'red' : 'green'} variant="light" data-testid="alert-state">
                      {!a.enabled ? t('alerts.list.off') : a.triggered ? t('alerts.list.triggered') : t('alerts.list.ok')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={a.enabled}
                      disabled={!gates.alertEdit}
                      aria-label={t('alerts.list.enableNamed', { name: a.name })}
                      onChange={(e) => {
                        const enabled = e.currentTarget.checked;
                        toggle({ variables: { id: a.id, enabled }, optimisticResponse: { updateAlert: { id: a.id, enabled } } }).catch((error: unknown) =>
                          showToast(errorText(error as never, t), 'error'),
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    {gates.alertDelete && (
                      <ActionIcon variant="subtle" color="red" aria-label={t('alerts.list.deleteNamed', { name: a.name })} onClick={() => setToDelete(a)} data-testid="alert-delete">
                        <IconTrash size={18} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {connection && (cursors.length > 0 || connection.pageInfo.hasNextPage) && (
          <Group justify="space-between">
            <Button variant="default" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
              {t('alerts.list.previous')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('alerts.list.total', { n: connection.count })}
            </Text>
            <Button variant="default" disabled={!connection.pageInfo.hasNextPage} onClick={() => connection.pageInfo.endCursor && setCursors([...cursors, connection.pageInfo.endCursor])} data-testid="alerts-next">
              {t('alerts.list.next')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} onExitTransitionEnd={() => focusWhenLost()} title={t('alerts.delete.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
        <Text size="sm">{t('alerts.delete.text', { name: toDelete?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
            {t('alerts.delete.cancel')}
          </Button>
          <Button color="red" loading={removing.loading} onClick={() => void confirmDelete()} data-testid="alert-delete-confirm">
            {t('alerts.delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
