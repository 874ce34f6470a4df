import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { businessDate, businessDayRange, metricDefinition } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { KPIS } from '../graphql/installations.ts';

/** Today's key figures per kind of site; one kpis call per card. */
const FIGURES: Record<string, string[]> = {
  counting: ['visitorsIn', 'inside'],
  atmosphere: ['comfortScore', 'co2'],
  energy: ['electricityConsumption'],
};

function useFormat() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const formats = new Map<number, Intl.NumberFormat>();
    return (value: number | null, metric: string, unit: string | null) => {
      if (value === null) return '-';
      const precision = metricDefinition(metric)?.precision ?? 0;
      let format = formats.get(precision);
      if (!format) formats.set(precision, (format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: precision })));
      return unit && unit !== 's' ? `${format.format(value)} ${unit}` : format.format(value);
    };
  }, [i18n.language]);
}

/** The site's figures of today (its business day in its own zone). */
export function SiteFigures({ installation }: { installation: InstallationSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  const metrics = installation.families.flatMap((f) => FIGURES[f] ?? []).slice(0, 4);
  const filters = useMemo(() => {
    const { timezone: tz, change_of_day_time: changeOfDay } = installation;
    const [begin, end] = businessDayRange(businessDate(Date.now(), tz, changeOfDay), tz, changeOfDay);
    return { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(begin).toISOString(), dateEnd: new Date(end).toISOString() }] };
  }, [installation]);
  const { data, error } = useQuery(KPIS, { variables: { input: { installationId: installation.id, metrics, filters } }, skip: metrics.length === 0 });
  // Figures the site does not measure today are left out rather than shown as "-".
  const shown = data ? metrics.filter((m) => data.kpis.some((k) => k.metric === m && k.value !== null)) : metrics;
  if (shown.length === 0) return null;
  const labels: Record<string, string> = {
    visitorsIn: t('sites.figures.visitorsIn'),
    inside: t('sites.figures.inside'),
    comfortScore: t('sites.figures.comfortScore'),
    co2: t('sites.figures.co2'),
    electricityConsumption: t('sites.figures.electricityConsumption'),
  };
  return (
    <Stack gap={4} data-testid="site-figures" aria-label={t('sites.figures.today')} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('sites.figures.today')}
      </Text>
      <Group gap="lg">
        {shown.map((metric) => {
          const kpi = data?.kpis.find((k) => k.metric === metric);
          return (
            <Stack key={metric} gap={0}>
              {data || error ? (
                <Text fw={700} size="lg" data-metric={metric}>
                  <LtrValue>{format(kpi?.value ?? null, metric, kpi?.unit ?? null)}</LtrValue>
                </Text>
              ) : (
                <Skeleton height={26} width={60} />
              )}
              <Text size="xs" c="dimmed">
                {labels[metric]}
              </Text>
            </Stack>
          );
        })}
      </Group>
    </Stack>
  );
}
