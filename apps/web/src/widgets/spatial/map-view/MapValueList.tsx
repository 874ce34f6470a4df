import { SimpleGrid, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanElement } from './MapPlan.tsx';
import { LtrValue } from '../../../shared/bidi/LtrValue.tsx';
import classes from './MapView.module.css';

const noValue = (item: PlanElement) => item.colour?.value === null || item.colour?.value === undefined;

/**
 * The view's elements as a list (showList): name, value and band, highest value first. An element
 * without a value for the view's measure stays listed, last, with "-" (spec 001 §6) and says so.
 */
export function MapValueList({ items, valueText }: { items: PlanElement[]; valueText: (item: PlanElement) => string }) {
  const { t } = useTranslation();
  const sorted = [...items].sort((a, b) => (b.colour?.value ?? -Infinity) - (a.colour?.value ?? -Infinity));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing={4} component="ul" aria-label={t('spatial.mapView.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="map-list">
      {sorted.map((item) => (
        <Group key={item.key} component="li" gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <span className={classes.swatch} style={{ background: item.colour?.fill ?? 'transparent' }} aria-hidden="true" />
            <Text size="sm" truncate>
              {item.label}
            </Text>
          </Group>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            <LtrValue>{valueText(item)}</LtrValue>
            {item.colour?.band?.text ? (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                {item.colour.band.text}
              </Text>
            ) : null}
            {noValue(item) ? (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                {t('spatial.mapView.noValue')}
              </Text>
            ) : null}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}
