import { useMemo } from 'react';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { metricDefinition } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import type { SiteFiguresModel } from './siteFiguresModel.ts';

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

/** A site card's key figures, or why it has none (see siteFiguresModel). */
export function SiteFiguresView({ model }: { model: SiteFiguresModel }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  if (model.kind === 'hidden') return null;
  if (model.kind === 'none') {
    const reasons = {
      open: t('sites.figures.none.open'),
      closed: t('sites.figures.none.closed'),
      closedYesterdayToo: t('sites.figures.none.closedYesterdayToo'),
    };
    return (
      <Group gap={6} c="dimmed" wrap="nowrap" data-testid="site-figures-none" data-reason={model.reason}>
        <IconClock size={16} aria-hidden="true" />
        <Text size="sm">{reasons[model.reason]}</Text>
      </Group>
    );
  }
  const labels: Record<string, string> = {
    visitorsIn: t('sites.figures.visitorsIn'),
    inside: t('sites.figures.inside'),
    comfortScore: t('sites.figures.comfortScore'),
    co2: t('sites.figures.co2'),
    electricityConsumption: t('sites.figures.electricityConsumption'),
  };
  // Earlier figures say which day they are from, so that nobody reads them as today's.
  const dayText = () => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${model.date}T12:00:00Z`));
  const title = model.day === 'today' ? t('sites.figures.today') : t('sites.figures.yesterday', { date: dayText() });
  const items = model.kind === 'figures' ? model.kpis : model.metrics.map((metric) => ({ metric, unit: null, value: null }));
  return (
    <Stack gap={4} data-testid="site-figures" data-day={model.day} aria-label={title} role="group">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      <Group gap="lg">
        {items.map((kpi) => (
          <Stack key={kpi.metric} gap={0}>
            {model.kind === 'figures' ? (
              <Text fw={700} size="lg" data-metric={kpi.metric}>
                <LtrValue>{format(kpi.value, kpi.metric, kpi.unit)}</LtrValue>
              </Text>
            ) : (
              <Skeleton height={26} width={60} />
            )}
            <Text size="xs" c="dimmed">
              {labels[kpi.metric]}
            </Text>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}
