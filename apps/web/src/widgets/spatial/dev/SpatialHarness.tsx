// DEV ONLY, not committed: renders the spatial widgets on a site before the dashboards pages land.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mantine/core';
import type { Widget } from '@sitelens/domain';
import { WidgetView } from '../../WidgetView.tsx';

export default function SpatialHarness() {
  const [params] = useSearchParams();
  const site = Number(params.get('site') ?? 1);
  const zone = Number(params.get('zone') ?? 1);
  const tz = params.get('tz') ?? 'Europe/Paris';
  const from = params.get('from') ?? new Date(Date.now() - 86400000).toISOString().slice(0, 10);
  const to = params.get('to') ?? from;
  const base: Omit<Widget, 'id' | 'type' | 'title'> = { pageId: 1, category: 'global', order: 1, kind: 'custom', zoneIds: [zone], deviceIds: [], passageIds: [], alertIds: [], ignoredFilters: [], metrics: [{ type: 'visitorsIn' }], configuration: {} };
  const context = useMemo(
    () => ({
      site: { id: site, name: 'x', timezone: tz, changeOfDayTime: '04:00', openingHours: [], creationDate: '2026-01-01' },
      filters: { timespans: [{ dateBegin: from, dateEnd: to }], zoneId: zone },
      pageKind: 'custom' as const,
      dashboardId: params.get('nodash') ? undefined : 1,
    }),
    [site, tz, from, to, zone, params],
  );
  return (
    <Stack p="md" maw={1200}>
      <WidgetView widget={{ ...base, id: 1, type: 'mapView', title: 'Floor plan' }} context={context} />
      <WidgetView widget={{ ...base, id: 2, type: 'heatmap', title: 'Heatmap' }} context={context} />
    </Stack>
  );
}
