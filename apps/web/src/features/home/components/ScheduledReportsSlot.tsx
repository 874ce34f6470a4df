import { useQuery } from '@apollo/client';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate, timeZoneDisplayName } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCaller } from '../../../shared/caller/CallerProvider.tsx';
import { userDateFormat } from '../../../shared/caller/userDateFormat.ts';
import { NEXT_REPORTS } from '../graphql/home.ts';

const SHOWN = 5;

/** "The next scheduled reports" on the home page: the enabled, active reports by their next send, for readers of reports. */
export function ScheduledReportsSlot({ now, layout }: { now: number; layout: 'cards' | 'compact' }) {
  const { gates } = useCaller();
  if (!gates.reports) return null;
  return <NextReports now={now} layout={layout} />;
}

function NextReports({ now, layout }: { now: number; layout: 'cards' | 'compact' }) {
  const { t, i18n } = useTranslation();
  const { me } = useCaller();
  const { data, loading, error } = useQuery(NEXT_REPORTS);
  const format = userDateFormat(me.dateFormat);
  const next = (data?.scheduledReports ?? [])
    .filter((r) => r.nextSendAt && Date.parse(r.nextSendAt) >= now - 60_000)
    .sort((a, b) => Date.parse(a.nextSendAt!) - Date.parse(b.nextSendAt!))
    .slice(0, SHOWN);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-reports-title" data-testid="home-reports">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="home-reports-title">
          {t('home.reports.title')}
        </Title>
        <Anchor component={Link} to="/reports" size="sm">
          {t('home.reports.all')}
        </Anchor>
      </Group>
      {loading && !data && <Skeleton height={layout === 'compact' ? 40 : 80} />}
      {error && !data && (
        <Text size="sm" c="red">
          {t('home.reports.error')}
        </Text>
      )}
      {data && next.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('home.reports.empty')}
        </Text>
      )}
      {next.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {next.map((r) => {
            const at = Date.parse(r.nextSendAt!);
            // In the site's time, its zone named, as the report's page says it (reports go by the site's clock).
            const tz = r.timeZone;
            const zone = timeZoneDisplayName(tz, i18n.language, now);
            const when = t('home.reports.when', { date: formatDate(at, { format, tz }), time: formatDate(at, { format, tz, withTime: true }).slice(-5), zone });
            return (
              <Stack gap={0} component="li" key={r.id} data-testid="home-report">
                <Anchor component={Link} to={`/reports/${r.id}`} size="sm" fw={600}>
                  {r.title}
                </Anchor>
                <Text size="xs" c="dimmed" title={tz} data-testid="home-report-when">
                  {[r.siteName, when].join(' · ')}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
