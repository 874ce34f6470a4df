import { type ApolloError, NetworkStatus, useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Paper, ScrollArea, SegmentedControl, Select, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Fragment, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { errorText } from '../../../shared/api/errorText.ts';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { type Delivery, type DeliveryFilter, MESSAGE_DELIVERIES, RETRY_MESSAGE_DELIVERY } from '../graphql/messages.ts';
import { DeliveryStatusBadge } from './DeliveryStatusBadge.tsx';

const PAGE = 25;
const POLL_MS = 2000;
const STATUSES = ['ALL', 'FAILED', 'QUEUED', 'SENT'] as const;
const CHANNELS = ['EMAIL', 'SMS', 'PUSH', 'WEBHOOK'] as const;

/** An address that may wrap after its @ and slashes rather than mid-word (copying it is unchanged). */
function breakable(address: string) {
  return address.split(/(?<=[@/])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * What a message is, in words: an e-mail by its subject, a push by its title, anything else by the
 * words for its template (an SMS: "Alert notification") or its webhook event, never their ids; a
 * webhook shows its event code too, for who wires the receiving system.
 */
function messageLabel(d: Delivery, t: TFunction): { text: string; code: string | null } {
  const words = (key: string) => t(key, { defaultValue: '' });
  if ((d.channel === 'EMAIL' || d.channel === 'PUSH') && d.subject) return { text: d.subject, code: null };
  if (d.channel === 'WEBHOOK') return { text: words(`messages.event.${d.template}`) || t('messages.deliveries.otherMessage'), code: d.template };
  return { text: words(`messages.template.${d.template}`) || t('messages.deliveries.otherMessage'), code: null };
}

function MessageName({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const { text, code } = messageLabel(delivery, t);
  return (
    <>
      <Text size="sm" data-testid="delivery-message">
        {text}
      </Text>
      {code && (
        <Text size="xs" c="dimmed" ff="monospace" dir="ltr">
          {code}
        </Text>
      )}
    </>
  );
}

/** The organization's recent messages, newest first, with filters, more on demand and a retry for failed ones. */
export function DeliveriesTable() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('ALL');
  const [channel, setChannel] = useState<(typeof CHANNELS)[number] | null>(null);
  const filter: DeliveryFilter = { status: status === 'ALL' ? null : status, channel };
  const { data, error, networkStatus, fetchMore, refetch, startPolling, stopPolling } = useQuery(MESSAGE_DELIVERIES, { variables: { first: PAGE, ...filter }, notifyOnNetworkStatusChange: true });
  const [retry] = useMutation(RETRY_MESSAGE_DELIVERY);
  const page = data?.messageDeliveries;
  const rows = page?.edges.map((e) => e.node) ?? [];
  // While a message on screen is still on its way, its row follows it.
  const waiting = rows.some((d) => d.status === 'QUEUED');
  useEffect(() => {
    if (!waiting) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [waiting, startPolling, stopPolling]);
  const when = (iso: string) => formatDate(Date.parse(iso), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });

  // The next page is appended to the one on screen (the connection has no cache policy of its own).
  const loadMore = (after: string | null) =>
    fetchMore({
      variables: { after },
      updateQuery: (previous, { fetchMoreResult }) => ({
        messageDeliveries: { ...fetchMoreResult.messageDeliveries, edges: [...previous.messageDeliveries.edges, ...fetchMoreResult.messageDeliveries.edges] },
      }),
    });

  const retryOne = async (id: number) => {
    try {
      await retry({ variables: { id } });
      showToast(t('messages.deliveries.retried'), 'success');
    } catch (e) {
      showToast(errorText(e as ApolloError, t), 'error');
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group wrap="wrap">
            <SegmentedControl
              aria-label={t('messages.deliveries.statusFilter')}
              value={status}
              onChange={(v) => setStatus(v as (typeof STATUSES)[number])}
              data={STATUSES.map((s) => ({ value: s, label: t(`messages.deliveries.filter.${s}`) }))}
            />
            <Select
              aria-label={t('messages.deliveries.channelFilter')}
              placeholder={t('messages.deliveries.allChannels')}
              clearable
              w={200}
              value={channel}
              onChange={(v) => setChannel(v as (typeof CHANNELS)[number] | null)}
              data={CHANNELS.map((c) => ({ value: c, label: t(`messages.channel.${c}`) }))}
            />
          </Group>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} loading={networkStatus === NetworkStatus.refetch} onClick={() => void refetch()}>
            {t('messages.deliveries.refresh')}
          </Button>
        </Group>
        {error && !page && <Alert color="red">{errorText(error, t)}</Alert>}
        {!page && !error && <Skeleton height={160} radius="md" />}
        {page && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {status === 'ALL' && !channel ? t('messages.deliveries.empty') : t('messages.deliveries.emptyFiltered')}
          </Text>
        )}
        {rows.length > 0 && (
          <ScrollArea>
            <Table verticalSpacing="sm" highlightOnHover miw={860} data-testid="deliveries-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('messages.deliveries.when')}</Table.Th>
                  <Table.Th>{t('messages.deliveries.channel')}</Table.Th>
                  <Table.Th>{t('messages.deliveries.recipient')}</Table.Th>
                  <Table.Th>{t('messages.deliveries.message')}</Table.Th>
                  <Table.Th>{t('messages.deliveries.status')}</Table.Th>
                  <Table.Th>{t('messages.deliveries.attempts')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('messages.deliveries.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id} data-delivery={d.id}>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        <bdi>{when(d.createdAt)}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t(`messages.channel.${d.channel}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{breakable(d.recipient)}</bdi>
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <MessageName delivery={d} />
                      {d.lastError && (
                        <Text size="xs" c={d.status === 'FAILED' ? 'red.8' : 'dimmed'} lineClamp={2} title={d.lastError}>
                          {t('messages.deliveries.errorLine', { error: `\u2066${d.lastError}\u2069` })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DeliveryStatusBadge delivery={d} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.attempts}</Text>
                    </Table.Td>
                    <Table.Td>
                      {d.retryable && (
                        <Button size="xs" variant="light" onClick={() => void retryOne(d.id)} aria-label={t('messages.deliveries.retryLabel', { recipient: d.recipient })}>
                          {t('messages.deliveries.retry')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        )}
        {page?.pageInfo.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={networkStatus === NetworkStatus.fetchMore} onClick={() => void loadMore(page.pageInfo.endCursor)}>
              {t('messages.deliveries.more')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
