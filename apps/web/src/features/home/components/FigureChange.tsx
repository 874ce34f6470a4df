import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { figureChange, figureChangeDirection, figureChangeNumber, formatFigureChange, pointsWordKey } from '@sitelens/domain';
import { LtrSentence } from '../../../shared/bidi/LtrSentence.tsx';

interface FigureChangeProps {
  metric: string;
  value: number | null;
  previous: number | null;
  /** The relative change in percent, for a figure that moves relatively. */
  change: number | null;
  higherIsBetter: boolean;
  against: string;
}

/**
 * A figure's change against the comparison day, written as the KPI cards write it ("+12.40%", a
 * score in points: "+0.3 pts"), green when the change is good news, red when it is not. The arrow
 * and colour follow the change as written: one that reads "0%" is flat and neither. The arrow turns
 * around in right-to-left languages, where time runs right to left.
 */
export function FigureChange({ metric, value, previous, change, higherIsBetter, against }: FigureChangeProps) {
  const { t, i18n } = useTranslation();
  const moved = figureChange(metric, value, previous, change);
  if (moved === null) {
    return (
      <Text size="xs" c="dimmed" title={t('home.sites.noChange')} data-testid="figure-change" data-change="none">
        <IconMinus size={12} aria-hidden="true" />
        <VisuallyHidden>{t('home.sites.noChange')}</VisuallyHidden>
      </Text>
    );
  }
  const locale = i18n.language;
  const direction = figureChangeDirection(metric, moved);
  const points = (v: string) => t(`widgetComparison.${pointsWordKey(metric)}`, { value: v });
  const number = figureChangeNumber(metric, moved, locale);
  const good = direction === 'flat' ? null : (direction === 'up') === higherIsBetter;
  const Arrow = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={2} wrap="nowrap" c={good === null ? 'dimmed' : good ? 'teal.9' : 'red.9'} data-testid="figure-change" data-change={number} data-kind={moved.kind} data-direction={direction}>
      <Arrow size={14} aria-hidden="true" className="sl-flip-rtl" />
      <Text size="xs" fw={600} aria-label={t('home.sites.change', { change: formatFigureChange(metric, moved, locale, points), date: against })}>
        <LtrSentence sentence={(slot) => (moved.kind === 'points' ? points(slot) : slot)} value={number} />
      </Text>
    </Group>
  );
}
