import { Button, Checkbox, Popover, ScrollArea, Stack } from '@mantine/core';
import { checkedZoneIds, type FilterContext, type FilterState, isZoneSelectable, selectZone, zonesInTreeOrder } from '@sitelens/domain';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §9: the zone dropdown's minimum width; the select's maximum height. */
export const ZONE_DROPDOWN_MIN_WIDTH = 441;
export const SELECT_MAX_HEIGHT = 450;

function depthOf(zoneId: number, ctx: FilterContext): number {
  let depth = 0;
  let parent = ctx.zones.find((z) => z.id === zoneId)?.parentId ?? null;
  while (parent != null && depth < 50) {
    depth += 1;
    const p = parent;
    parent = ctx.zones.find((z) => z.id === p)?.parentId ?? null;
  }
  return depth;
}

/**
 * Zone filter (spec 001 §4): one zone at a time, its dependent zones checked with it, the highest
 * zone alone; zones without a sensor are disabled on atmosphere pages.
 */
export function ZoneFilterControl({ draft, ctx, onChange }: { draft: FilterState; ctx: FilterContext; onChange: (next: FilterState) => void }) {
  const { t } = useTranslation();
  if (ctx.zones.length === 0) return null;
  const checked = checkedZoneIds(ctx.zones, draft.zoneId);
  const active = ctx.zones.find((z) => z.id === draft.zoneId);
  return (
    <Popover position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconMapPin size={16} aria-hidden="true" />} data-testid="zone-control" data-tutorial="zone">
          {t('filterBar.labelled', { label: t('filterBar.zone.label'), value: active?.name ?? '—' })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={ZONE_DROPDOWN_MIN_WIDTH} data-testid="zone-dropdown">
        <ScrollArea.Autosize mah={SELECT_MAX_HEIGHT}>
          <Stack gap={6} role="group" aria-label={t('filterBar.zone.label')}>
            {zonesInTreeOrder(ctx.zones).map((zone) => {
              const selectable = isZoneSelectable(zone, ctx.pageKind);
              return (
                <Checkbox
                  key={zone.id}
                  ms={depthOf(zone.id, ctx) * 20}
                  label={selectable || ctx.pageKind !== 'atmosphere' ? zone.name : `${zone.name} (${t('filterBar.zone.noSensor')})`}
                  checked={checked.includes(zone.id)}
                  disabled={!selectable}
                  onChange={() => onChange(selectZone(draft, zone.id, ctx))}
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
