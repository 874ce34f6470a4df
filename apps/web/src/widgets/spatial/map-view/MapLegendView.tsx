import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LegendEntry } from './legendEntries.ts';
import classes from './MapView.module.css';

/** The entries by scale: a new block at each scale's title, so each scale's colours read together under it. */
function byScale(entries: LegendEntry[]): LegendEntry[][] {
  const rows: LegendEntry[][] = [];
  for (const entry of entries) {
    if (entry.heading || rows.length === 0) rows.push([]);
    rows[rows.length - 1]!.push(entry);
  }
  return rows;
}

/** The configured captions and the view's colour bands, as swatches with their text and limits; each scale under its title. */
export function MapLegendView({ entries, vertical }: { entries: LegendEntry[]; vertical: boolean }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label={t('spatial.mapView.legend')} data-testid="map-legend">
      {byScale(entries).map((row, r) => {
        const title = row[0]?.heading ? row[0] : undefined;
        const items = title ? row.slice(1) : row;
        return (
          <Stack key={r} gap={2} data-testid="map-legend-scale">
            {title && (
              <Text size="sm" fw={600} role="listitem" data-testid="map-legend-title">
                {title.label}
              </Text>
            )}
            <Group gap="md" style={vertical ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}>
              {items.map((e, i) => (
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
          </Stack>
        );
      })}
    </Stack>
  );
}
