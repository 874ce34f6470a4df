import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MapLegends } from './mapLegend.ts';
import classes from './MapView.module.css';

/** The configured captions and the view's colour bands, as swatches with their text and limits. */
export function MapLegendView({ legends }: { legends: MapLegends }) {
  const { t } = useTranslation();
  if (legends.fixed.length === 0 && legends.bands.length === 0) return null;
  const vertical = legends.position === 'left' || legends.position === 'right';
  return (
    <Group gap="md" role="list" aria-label={t('spatial.mapView.legend')} data-testid="map-legend" style={vertical ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}>
      {legends.bands.map((b, i) => (
        <Group key={`b${i}`} gap={6} wrap="nowrap" role="listitem">
          <span className={classes.swatch} style={{ background: b.color }} aria-hidden="true" />
          <Text size="sm">
            {b.text ? `${b.text} ` : ''}
            <Text span size="sm" c="dimmed">
              ({b.kind === 'below' ? t('spatial.mapView.below', { value: b.to }) : b.kind === 'above' ? t('spatial.mapView.above', { value: b.from }) : t('spatial.mapView.range', { from: b.from, to: b.to })})
            </Text>
          </Text>
        </Group>
      ))}
      {legends.fixed.map((l, i) => (
        <Group key={`f${i}`} gap={6} wrap="nowrap" role="listitem">
          <span className={classes.swatch} style={{ background: l.color }} aria-hidden="true" />
          <Text size="sm">{l.caption}</Text>
        </Group>
      ))}
    </Group>
  );
}
