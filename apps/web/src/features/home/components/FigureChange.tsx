import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';

/** "+12.4 %" against the comparison day, green when the change is good news, red when it is not. */
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
  const text = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change / 100);
  const good = change === 0 ? null : change > 0 === higherIsBetter;
  const Arrow = change > 0 ? IconArrowUpRight : change < 0 ? IconArrowDownRight : IconMinus;
  return (
    <Group gap={2} wrap="nowrap" c={good === null ? 'dimmed' : good ? 'teal.9' : 'red.9'} data-testid="figure-change" data-change={change.toFixed(1)}>
      <Arrow size={14} aria-hidden="true" />
      <Text size="xs" fw={600} aria-label={t('home.sites.change', { change: text, date: against })}>
        <LtrValue>{text}</LtrValue>
      </Text>
    </Group>
  );
}
