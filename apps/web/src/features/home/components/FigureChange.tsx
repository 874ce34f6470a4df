import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shownDirection } from '@sitelens/domain';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';

/** Decimals of the percentage shown. */
const DECIMALS = 1;

/**
 * "+12.4 %" against the comparison day, green when the change is good news, red when it is not. The
 * arrow and colour follow the change as written: one that reads "0 %" is flat and neither.
 */
export function FigureChange({ change, higherIsBetter, against }: { change: number | null; higherIsBetter: boolean; against: string }) {
  const { t, i18n } = useTranslation();
  if (change === null) {
    return (
      <Text size="xs" c="dimmed" title={t('home.sites.noChange')} data-testid="figure-change" data-change="none">
        <IconMinus size={12} aria-hidden="true" />
        <VisuallyHidden>{t('home.sites.noChange')}</VisuallyHidden>
      </Text>
    );
  }
  const direction = shownDirection(change, DECIMALS);
  // A change that reads as zero is written as zero: no "-0 %".
  const text = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: DECIMALS, signDisplay: 'exceptZero' }).format(direction === 'flat' ? 0 : change / 100);
  const good = direction === 'flat' ? null : (direction === 'up') === higherIsBetter;
  const Arrow = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={2} wrap="nowrap" c={good === null ? 'dimmed' : good ? 'teal.9' : 'red.9'} data-testid="figure-change" data-change={(direction === 'flat' ? 0 : change).toFixed(DECIMALS)} data-direction={direction}>
      <Arrow size={14} aria-hidden="true" />
      <Text size="xs" fw={600} aria-label={t('home.sites.change', { change: text, date: against })}>
        <LtrValue>{text}</LtrValue>
      </Text>
    </Group>
  );
}
