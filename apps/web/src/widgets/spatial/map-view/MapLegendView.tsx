import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LegendEntry } from './legendEntries.ts';
import classes from './MapView.module.css';

/** The configured captions and the view's colour bands, as swatches with their text and limits. */
export function MapLegendView({ entries, vertical }: { entries: LegendEntry[]; vertical: boolean }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Group gap="md" role="list" aria-label={t('spatial.mapView.legend')} data-testid="map-legend" style={vertical ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}>
      {entries.map((e, i) => (
        <Group key={i} gap={6} wrap="nowrap" role="listitem">
          <span className={classes.swatch} style={{ background: e.color }} aria-hidden="true" />
          <Text size="sm">
            {e.label && e.limits ? `${e.label} ` : e.label}
            {e.limits && (
              <Text span size="sm" c="dimmed">
                {e.limits}
              </Text>
            )}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
