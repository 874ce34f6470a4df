import { useQuery } from '@apollo/client';
import { Anchor, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { alertTimeLabel, formatMetricValue } from '@sitelens/domain';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { metricName } from '../../../widgets/tables/shared/metricName.ts';
import { OPEN_ALERTS, type OpenAlert } from '../graphql/home.ts';

const SHOWN = 8;
const POLL_MS = 60_000;

function AlertLine({ alert, now }: { alert: OpenAlert; now: number }) {
  const { t, i18n } = useTranslation();
  const { me, installations } = useCaller();
  const metric = alert.metrics[0];
  // A status episode counts the pads in one of its states: no metric, no threshold to show.
  const status = alert.conditionType === 'status';
  const installation = installations?.find((i) => i.id === alert.installationId);
  const site = installation?.name;
  const zone = alert.zone?.name ?? t('home.alerts.deletedZone');
  const begin = Date.parse(alert.dateBegin);
  // The alert-log widget's clock (useDisplayPrefs): the user's zone, else the site's, so both show the same instant alike.
  const tz = me.timezone || installation?.timezone || userTimeZone(null);
  const since = alertTimeLabel(begin, { now, tz, dateFormat: userDateFormat(me.dateFormat) });
  // Each value with its unit as one left-to-right run inside the sentence (LRI … PDI), whatever the language.
  const value = (v: number | null | undefined) => `\u2066${metric ? formatMetricValue(metric.type, v, { locale: i18n.language }) : '-'}\u2069`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li" data-testid="home-alert">
      <ThemeIcon color="orange" variant="light" radius="xl" size={28}>
        <IconAlertTriangle size={16} aria-hidden="true" />
      </ThemeIcon>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {metric && !status ? metricName(t, metric.type) : t(`alerts.condition.${alert.conditionType}`, { defaultValue: alert.conditionType })} · {zone}
        </Text>
        {metric && (
          <Text size="sm">{status ? t('alerts.padsInState', { n: metric.value }) : t('home.alerts.value', { value: value(metric.value), threshold: value(metric.threshold) })}</Text>
        )}
        <Text size="xs" c="dimmed">
          {[site, t('home.alerts.since', { time: since })].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Group>
  );
}

/** Alerts that have triggered and are still open (alertLogConnection at this instant), newest first. */
export function OpenAlerts({ now }: { now: number }) {
  const { t } = useTranslation();
  const { gates } = useCaller();
  const at = new Date(now).toISOString();
  const { data, error } = useQuery(OPEN_ALERTS, {
    variables: { filter: { dates: [at, at] }, first: SHOWN },
    pollInterval: POLL_MS,
    notifyOnNetworkStatusChange: false,
  });
  const alerts = data?.alertLogConnection.edges.map((e) => e.node) ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-alerts-title" data-testid="home-alerts">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="home-alerts-title">
          {t('home.alerts.title')}
        </Title>
        {gates.alerts && (
          <Anchor component={Link} to="/alerts" size="sm">
            {t('home.alerts.all')}
          </Anchor>
        )}
      </Group>
      {error && !data ? (
        <Text size="sm" c="red">
          {t('home.alerts.error')}
        </Text>
      ) : !data ? (
        <Skeleton height={60} />
      ) : alerts.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
          <Text size="sm">{t('home.alerts.none')}</Text>
        </Group>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-count={alerts.length}>
          {alerts.map((alert) => (
            <AlertLine key={alert.id} alert={alert} now={now} />
          ))}
          {data.alertLogConnection.pageInfo.hasNextPage && (
            <Text size="xs" c="dimmed" component="li">
              {t('home.alerts.more')}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
