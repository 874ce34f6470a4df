import { Alert, Anchor, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatMetricValue } from '@sitelens/domain';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { siteMainPath } from '../../../shared/caller/familyRoutes.ts';
import { useDayLabels } from '../hooks/useDayLabels.ts';
import { useSiteDay } from '../hooks/useSiteDay.ts';
import { FigureChange } from './FigureChange.tsx';

/** One site's day on the home page: its key figures with the change against the same weekday a week before. */
export function SiteDayCard({ site, now }: { site: InstallationSummary; now: number }) {
  const { t, i18n } = useTranslation();
  const labels = useDayLabels();
  const { day, figures, status } = useSiteDay(site, now);
  const path = siteMainPath(site);
  const against = labels.comparisonDate(day);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={`home-site-${site.id}`}
      data-testid="home-site"
      data-site={site.id}
      data-day={day.day}
      data-status={status}
      data-current={day.current.map((ms) => new Date(ms).toISOString()).join('/')}
      data-comparison={day.comparison.map((ms) => new Date(ms).toISOString()).join('/')}
    >
      <Stack gap="sm">
        <div>
          <Text fw={700} size="lg" id={`home-site-${site.id}`}>
            {path ? (
              <Anchor component={Link} to={path} c="dark.7" inherit aria-label={t('home.sites.open', { site: site.name })}>
                {site.name}
              </Anchor>
            ) : (
              site.name
            )}
          </Text>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <IconClock size={14} aria-hidden="true" />
            <Text size="xs">
              {labels.shown(day, now, site.timezone)} · {labels.againstShort(day)}
            </Text>
          </Group>
        </div>
        {status === 'error' && <Alert color="red">{t('home.sites.error', { site: site.name })}</Alert>}
        <Group gap="xl" align="flex-start">
          {figures.map((f) => (
            <Stack key={f.metric} gap={2} data-testid="home-figure" data-metric={f.metric} data-previous={f.previous ?? ''}>
              <Text size="xs" c="dimmed">
                {t(`metrics.${f.metric}`)}
              </Text>
              {status === 'loading' ? (
                <Skeleton height={28} width={80} />
              ) : (
                <Text fw={700} size="xl" data-value={f.value ?? ''}>
                  <LtrValue>{formatMetricValue(f.metric, f.value, { locale: i18n.language, outOfScale: true })}</LtrValue>
                </Text>
              )}
              {status === 'ready' && <FigureChange metric={f.metric} value={f.value} previous={f.previous} change={f.change} higherIsBetter={f.higherIsBetter} against={against} />}
            </Stack>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
