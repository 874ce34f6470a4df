import { useMemo } from 'react';
import { useQuery, useSubscription } from '@apollo/client';
import { ScrollArea, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALERT_LOG_POLL_MS, ALERT_LOG_VISIBLE_ROWS, type Widget, alertLogRows, formatDate, metricUnit } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import { useOptionalCaller } from '../../../shared/caller/CallerProvider.tsx';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { sheetValue } from '../../core/exportSheet.ts';
import { WidgetFrame } from '../../core/WidgetFrame.tsx';
import { WidgetMessage } from '../../core/WidgetMessage.tsx';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { isolate, metricName } from '../shared/metricName.ts';
import { useDisplayPrefs } from '../shared/useDisplayPrefs.ts';
import { useValueText } from '../shared/useValueText.ts';
import { ALERT_LOGS, LIVE_ALERTS } from './alertLogs.graphql.ts';
import { alertLogFilter, keepAlertEntries } from './alertLogScope.ts';
import { widgetErrorStatus } from '../../core/useRetailResults.ts';

const ROW_HEIGHT = 52;
const HEADER_HEIGHT = 40;
/** Episodes asked per poll: far more than the three rows shown, so the value order is right. */
const FETCHED = 100;

/** The alert log (spec 001 §4, §9): polled every 30 s, deduplicated, largest value first, three rows visible. */
export function AlertLogsWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t } = useTranslation();
  const prefs = useDisplayPrefs(context.site.timezone);
  const valueText = useValueText(widget, false);
  const filter = useMemo(() => alertLogFilter(widget, context.filters, context.site), [widget, context.filters, context.site]);
  // Alert episodes need dashboard.alert read: without it the widget says so rather than asking
  // (the preview has no signed-in shell and asks; a refusal from the server reads the same).
  const caller = useOptionalCaller();
  const refused = caller ? !caller.gates.alertRead : false;
  const { data, error, refetch } = useQuery(ALERT_LOGS, {
    variables: { filter, first: FETCHED },
    fetchPolicy: 'no-cache',
    pollInterval: context.preview || refused ? 0 : ALERT_LOG_POLL_MS,
    notifyOnNetworkStatusChange: false,
    skip: refused,
  });
  // Live alerts: an episode that begins or ends shows at once, without waiting for the next poll.
  // A subscription error is only logged (spec 001 §7); the poll goes on.
  useSubscription(LIVE_ALERTS, {
    variables: { zoneIds: filter.zoneIds ?? null },
    skip: context.preview || refused,
    onData: () => void refetch(),
    onError: (e) => console.warn('live alerts', e),
  });
  const deletedZoneLabel = t('dataWidgets.alertLogs.deletedZone');
  const rows = useMemo(() => {
    const now = Date.now();
    const entries = keepAlertEntries(data?.alertLogConnection.edges.map((e) => e.node) ?? [], widget, context.filters, context.site, now);
    return alertLogRows(entries, { now, tz: prefs.tz, dateFormat: prefs.dateFormat, deletedZoneLabel });
  }, [data, widget, context.filters, context.site, prefs, deletedZoneLabel]);

  // Loading until the stored episodes (open ones included: they are the live source) have answered.
  let status: WidgetStatus;
  if (refused || errorCodeOf(error) === 'FORBIDDEN') status = 'forbidden';
  else if (error && !data) status = widgetErrorStatus(errorCodeOf(error));
  else if (!data) status = 'loading';
  else status = rows.length ? 'data' : 'empty';
  const height = HEADER_HEIGHT + ROW_HEIGHT * ALERT_LOG_VISIBLE_ROWS;
  const exports = useMemo(
    () => ({
      csv: () => [
        [t('widgetFrame.csv.zone'), t('widgetFrame.csv.metric'), t('widgetFrame.csv.value'), t('widgetFrame.csv.threshold'), t('widgetFrame.csv.unit'), t('widgetFrame.csv.begin')],
        ...rows.map((r) => [r.zoneName, r.metricType ? metricName(t, r.metricType) : '', r.metricType ? sheetValue(r.metricType, r.value) : r.value, r.metricType ? sheetValue(r.metricType, r.threshold) : r.threshold, (r.metricType && metricUnit(r.metricType)) || '', formatDate(r.begin, { format: prefs.dateFormat, tz: prefs.tz, withTime: true })]),
      ],
    }),
    [rows, t, prefs],
  );

  return (
    <WidgetFrame
      widget={widget}
      status={status}
      skeleton="table"
      height={height}
      exports={exports}
      preview={context.preview}
      empty={<WidgetMessage height={height} icon={<IconCircleCheck size={36} color="var(--mantine-color-green-7)" aria-hidden="true" />} title={t('dataWidgets.alertLogs.none')} />}
    >
      {/* A table taller than its widget scrolls: its viewport takes the keyboard focus to scroll by arrow keys. */}
      <ScrollArea.Autosize mah={height} type="auto" offsetScrollbars viewportProps={{ tabIndex: 0 }}>
        <Table stickyHeader verticalSpacing={0} data-testid="alert-log" data-rows={rows.length}>
          <Table.Thead>
            <Table.Tr style={{ height: HEADER_HEIGHT }}>
              <Table.Th>{t('dataWidgets.alertLogs.zone')}</Table.Th>
              <Table.Th>{t('dataWidgets.alertLogs.metric')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('dataWidgets.alertLogs.value')}</Table.Th>
              <Table.Th style={{ textAlign: 'end' }}>{t('dataWidgets.alertLogs.time')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} style={{ height: ROW_HEIGHT }}>
                <Table.Td fw={500} c={row.entry.zone?.name ? undefined : 'dimmed'} fs={row.entry.zone?.name ? undefined : 'italic'}>
                  {row.zoneName}
                </Table.Td>
                <Table.Td>{row.entry.conditionType === 'status' ? t('alerts.condition.status') : row.metricType ? metricName(t, row.metricType) : '-'}</Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {row.entry.conditionType === 'status' ? t('alerts.padsInState', { n: row.value ?? 0 }) : row.metricType ? <LtrValue>{valueText(row.metricType, row.value)}</LtrValue> : '-'}
                  {row.threshold !== null && row.metricType && row.entry.conditionType !== 'status' && (
                    <Text span ms={6} size="xs" c="red.8">
                      ({t('dataWidgets.alertLogs.threshold', { value: isolate(valueText(row.metricType, row.threshold)) })})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{row.timeLabel}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </WidgetFrame>
  );
}
