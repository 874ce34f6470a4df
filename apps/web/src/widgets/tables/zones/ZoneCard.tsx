import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ZoneCardPart } from './zoneCardLayout.ts';

interface ZoneCardProps {
  name: string;
  disabled: boolean;
  /** The name of the listed zone it is in, when there is one. */
  parent?: string;
  value: ReactNode;
  /** The change sentence, when the widget compares. */
  change?: ReactNode;
  /** The rows the widget's cards share (cardRows). */
  rows: readonly ZoneCardPart[];
}

/**
 * One zone of the zones widget: its name, the zone it is in, its figure and change. The name wraps
 * onto two lines before it is shortened with an ellipsis (two shops of one brand differ at their
 * end), and is whole in the card's text for screen readers and in its `title` on hovering.
 */
export function ZoneCard({ name, disabled, parent, value, change, rows }: ZoneCardProps) {
  const { t } = useTranslation();
  // The page's start side: a name set in its own direction still lines up with the card's other lines.
  const start = useDirection().dir === 'rtl' ? 'right' : 'left';
  const on = (part: ZoneCardPart) => ({ gridRow: rows.indexOf(part) + 1 });
  const inParent = parent ? t('dataWidgets.zones.in', { name: parent }) : '';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="zone-card"
      opacity={disabled ? 0.7 : 1}
      style={{ display: 'grid', gridTemplateRows: 'subgrid', gridRow: `span ${rows.length}`, rowGap: 4 }}
    >
      <Stack gap={4} style={on('heading')}>
        <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
          {/* A name in another script than the page's reads in its own direction (a French shop's
              name in Arabic is shortened at its end, not its start). */}
          <Text fw={600} size="sm" lineClamp={2} title={name} dir="auto" ta={start} data-testid="zone-name" style={{ minWidth: 0, overflowWrap: 'break-word' }}>
            {name}
          </Text>
          {disabled && (
            <Badge size="xs" color="gray" variant="light">
              {t('dataWidgets.zones.disabled')}
            </Badge>
          )}
        </Group>
        {parent && (
          <Text size="xs" c="dimmed" lineClamp={1} title={inParent}>
            {inParent}
          </Text>
        )}
      </Stack>
      <Text fz={22} fw={700} style={{ ...on('value'), fontVariantNumeric: 'tabular-nums' }} data-testid="zone-value">
        {value}
      </Text>
      {change && (
        <Text size="xs" c="dimmed" data-testid="zone-evolution" style={on('change')}>
          {change}
        </Text>
      )}
    </Paper>
  );
}
