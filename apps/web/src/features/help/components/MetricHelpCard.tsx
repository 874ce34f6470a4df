import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { type MetricHelpEntry, engineAnswers } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { joinList } from '../../../shared/i18n/joinList.ts';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** One metric: what it means, its unit and decimals, how it is obtained and summed up over a period. */
export function MetricHelpCard({ entry }: { entry: MetricHelpEntry }) {
  const { t } = useTranslation();
  const shownAs = entry.isDuration ? t('help.metrics.duration') : t('help.metrics.decimals', { count: entry.precision });
  return (
    <Paper withBorder radius="md" p="md" id={`metric-${entry.id}`} component="article" aria-labelledby={`metric-${entry.id}-name`} data-testid="metric-help" data-metric={entry.id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} id={`metric-${entry.id}-name`}>
            {t(entry.nameKey)}
          </Text>
          {entry.unit && (
            <Badge variant="light" color="gray" tt="none" style={{ flexShrink: 0 }} data-testid="metric-help-unit">
              <LtrValue>{entry.unit}</LtrValue>
            </Badge>
          )}
        </Group>
        {!engineAnswers(entry.id) && (
          <Text size="sm" fw={600} data-testid="metric-help-not-yet">
            {t('help.metrics.notYet')}
          </Text>
        )}
        <Text size="sm">{t(entry.meaningKey)}</Text>
        <Line label={t('help.metrics.unit')}>{entry.unit ? <LtrValue>{entry.unit}</LtrValue> : t('help.metrics.noUnit')} · {shownAs}</Line>
        <Line label={t('help.metrics.computation')}>{t(entry.computationKey)}</Line>
        {entry.inputs.length > 0 && <Line label={t('help.metrics.inputs')}>{joinList(t, entry.inputs.map((id) => t(`metrics.${id}`)))}</Line>}
        <Line label={t('help.metrics.period')}>{t(entry.aggregationKey)}</Line>
        {entry.scale && (
          <Line label={t('help.metrics.scale')}>
            {entry.scale.labels.map((key, i) => `${entry.scale!.min + i} ${t(key)}`).join(' · ')}
          </Line>
        )}
        {entry.limitedRangeDays && (
          <Text size="sm" c="dimmed">
            {t('help.metrics.limited', { count: entry.limitedRangeDays })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
