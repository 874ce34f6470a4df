import { useEffect } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { figureChange, figureChangeDirection, metricDefinition } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import { isolate, metricName } from '../shared/metricName.ts';
import { ChangeSentence } from './ChangeSentence.tsx';
import { evolutionKey, previousKey } from './comparisonText.ts';
import type { KpiCardModel } from './kpiCards.ts';

/** A value longer than this ("524.610 kgCO2") takes a smaller size, so it stays on one line in a quarter of 1024 px. */
const LONG_VALUE = 11;

interface KpiCardProps {
  card: KpiCardModel;
  valueText: (metric: string, value: number | null) => string;
  locale: string;
  timeText: (ts: number) => string;
}

/** One KPI: label, value, colour band, evolution against the compared period (as the widget asks), description and tooltip. */
export function KpiCard({ card, valueText, locale, timeText }: KpiCardProps) {
  const { t } = useTranslation();
  const name = card.label ?? metricName(t, card.metric);
  const shownValue = valueText(card.metric, card.value);
  useEffect(() => {
    // Spec 001 §5: a value outside every band is logged and gets no badge.
    if (card.outOfRange) console.error(`KPI ${card.metric}: value ${card.value} is outside every colorimetry band`);
  }, [card.outOfRange, card.metric, card.value]);

  // A rate moves in points (30.75 % → 32.11 %: +1.36 pts), a temperature in °C, other figures relatively.
  const change = figureChange(card.metric, card.value, card.previousValue, card.evolution);
  // The arrow follows the change as written: "0 pts" is flat, whatever the unrounded amount.
  const direction = change === null ? 'flat' : figureChangeDirection(card.metric, change);
  const EvolutionIcon = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconArrowRight;
  const sentenceKey = evolutionKey(card.comparison, card.soFar);
  const previous = previousKey(card.comparison);
  const tooltipLines = [
    card.tooltip,
    card.live
      ? card.liveEntries.map((e) => `${e.label}: ${valueText(card.metric, e.value)}`).join(' · ')
      : previous && t(previous, { value: isolate(valueText(card.metric, card.previousValue)) }),
  ].filter(Boolean);

  return (
    <Tooltip label={tooltipLines.join(' — ')} multiline w={280} withArrow openDelay={200}>
      <Paper withBorder radius="md" p="md" h="100%" data-testid="kpi-card" data-metric={card.metric} data-comparison={card.comparison} tabIndex={0} aria-label={`${name}: ${shownValue}`}>
        <Stack gap={6}>
          <Group gap={6} wrap="nowrap">
            <Box w={10} h={10} style={{ borderRadius: 5, flex: 'none', background: metricDefinition(card.metric)?.color ?? 'var(--mantine-color-gray-5)' }} aria-hidden="true" />
            <Text size="sm" c="dimmed" fw={500} lineClamp={2} title={name}>
              {name}
            </Text>
          </Group>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text fz={shownValue.length > LONG_VALUE ? 21 : 26} fw={700} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="kpi-value">
              <LtrValue>{shownValue}</LtrValue>
            </Text>
            {card.band && (
              <Badge color={card.band.color} variant="filled" autoContrast size="sm" data-testid="kpi-band">
                {card.band.text ?? ''}
              </Badge>
            )}
          </Group>
          {card.missingMetrics.length > 0 && (
            <Text size="xs" c="dimmed" data-testid="kpi-not-measured">
              {t('dataWidgets.kpis.notMeasured', { metrics: card.missingMetrics.map((m) => metricName(t, m)).join(', ') })}
            </Text>
          )}
          {card.live ? (
            <Group gap={6}>
              <Badge color="green" variant="light" size="sm">
                {t('dataWidgets.kpis.live')}
              </Badge>
              {card.liveAt !== null && (
                <Text size="xs" c="dimmed">
                  {timeText(card.liveAt)}
                </Text>
              )}
            </Group>
          ) : (
            change !== null &&
            sentenceKey && (
              <Group gap={4} wrap="nowrap">
                {/* Time runs right to left in Arabic (as the charts' axes do): a rise points up and to the left. */}
                <EvolutionIcon size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" data-direction={direction} className="sl-flip-rtl" />
                <Text size="sm" c="dimmed" data-testid="kpi-evolution">
                  <ChangeSentence metric={card.metric} change={change} sentenceKey={sentenceKey} locale={locale} />
                </Text>
              </Group>
            )
          )}
          {card.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {card.description}
            </Text>
          )}
        </Stack>
      </Paper>
    </Tooltip>
  );
}
