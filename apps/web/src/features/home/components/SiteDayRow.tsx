import { Anchor, Group, Skeleton, Table, Text } from '@mantine/core';
import { formatMetricValue } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { siteMainPath } from '../../../shared/caller/familyRoutes.ts';
import { useDayLabels } from '../hooks/useDayLabels.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { FigureChange } from './FigureChange.tsx';

/** One site's day as a row of the compact home (/home2). */
export function SiteDayRow({ site, now }: { site: InstallationSummary; now: number }) {
  const { t, i18n } = useTranslation();
  const labels = useDayLabels();
  const { day, figures, status } = useSiteDay(site, now);
  const path = siteMainPath(site);
  return (
    <Table.Tr data-testid="home-site" data-site={site.id} data-day={day.day} data-status={status}>
      <Table.Th scope="row">
        {path ? (
          <Anchor component={Link} to={path} fw={600} size="sm">
            {site.name}
          </Anchor>
        ) : (
          site.name
        )}
      </Table.Th>
      <Table.Td>
        <Text size="sm">{labels.shown(day, now, site.timezone)}</Text>
        <Text size="xs" c="dimmed">
          {labels.againstShort(day)}
        </Text>
      </Table.Td>
      <Table.Td>
        {status === 'error' ? (
          <Text size="sm" c="red">
            {t('home.sites.error', { site: site.name })}
          </Text>
        ) : (
          <Group gap="lg">
            {figures.map((f) => (
              <Group key={f.metric} gap={6} wrap="nowrap" data-testid="home-figure" data-metric={f.metric}>
                <Text size="xs" c="dimmed">
                  {t(`metrics.${f.metric}`)}
                </Text>
                {status === 'loading' ? (
                  <Skeleton height={18} width={50} />
                ) : (
                  <Text fw={700} size="sm" data-value={f.value ?? ''}>
                    <LtrValue>{formatMetricValue(f.metric, f.value, { locale: i18n.language, outOfScale: true })}</LtrValue>
                  </Text>
                )}
                {status === 'ready' && <FigureChange metric={f.metric} value={f.value} previous={f.previous} change={f.change} higherIsBetter={f.higherIsBetter} against={labels.comparisonDate(day)} />}
              </Group>
            ))}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
