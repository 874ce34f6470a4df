import { useMemo, useState } from 'react';
import { Select, Stack } from '@mantine/core';
import { IconAlertTriangle, IconFlame } from '@tabler/icons-react';
import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@sitelens/domain';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import { WidgetFrame } from '../../core/WidgetFrame.tsx';
import { WidgetMessage } from '../../core/WidgetMessage.tsx';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { mapZoneId } from '../map-view/mapZone.ts';
import { HEATMAP_IMAGES } from './heatmap.graphql.ts';
import { HeatmapCarousel } from './HeatmapCarousel.tsx';
import { HEATMAP_DAY_LIMIT, browserToday, heatmapConfigError, heatmapDashboardId, heatmapDates } from './heatmapDates.ts';
import { heatmapDayOptions } from './heatmapSlides.ts';

const HEIGHT = 420;

/** The heatmap (spec 001 §4, §5, §7): a date dropdown over the days with images, and the day's images in a carousel. */
export function HeatmapWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t, i18n } = useTranslation();
  const zoneId = mapZoneId(widget, context.filters, []);
  const dates = useMemo(() => heatmapDates(context.filters, browserToday(new Date())), [context.filters]);
  const dashboardId = heatmapDashboardId(context);
  const configError = heatmapConfigError({ zoneId, dashboardId, dates });
  const { data, error } = useQuery(HEATMAP_IMAGES, {
    variables: { zoneId: zoneId ?? 0, dashboardId: dashboardId ?? 0, dateBegin: dates[dates.length - 1] ?? '', dateEnd: dates[0] ?? '', dayLimit: HEATMAP_DAY_LIMIT },
    skip: configError !== null,
  });
  const gender = widget.ignoredFilters.includes('gender') ? undefined : context.filters.gender;
  const days = useMemo(() => heatmapDayOptions(data?.heatmapImages ?? [], dates, gender), [data, dates, gender]);
  const [chosen, setChosen] = useState<string | null>(null);
  const day = days.find((d) => d.date === chosen) ?? days[0];
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }), [i18n.language]);
  const label = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

  let status: WidgetStatus;
  if (configError) status = 'empty';
  else if (error && !data) status = 'error';
  else if (!data) status = 'loading';
  else status = days.length ? 'data' : 'empty';

  const empty = configError ? (
    <WidgetMessage height={HEIGHT} icon={<IconAlertTriangle size={36} color="var(--mantine-color-orange-7)" aria-hidden="true" />} title={t(`spatial.heatmap.${configError}`)} />
  ) : (
    <WidgetMessage height={HEIGHT} icon={<IconFlame size={36} color="var(--mantine-color-gray-5)" aria-hidden="true" />} title={t('spatial.heatmap.none')} hint={t('spatial.heatmap.emptyHint')} />
  );

  return (
    <WidgetFrame widget={widget} status={status} skeleton="chart" height={HEIGHT} empty={empty} preview={context.preview}>
      {day && (
        <Stack gap="sm">
          <Select
            label={t('spatial.heatmap.date')}
            data={days.map((d) => ({ value: d.date, label: label(d.date) }))}
            value={day.date}
            onChange={(v) => v && setChosen(v)}
            allowDeselect={false}
            w={260}
            size="sm"
            data-testid="heatmap-date"
          />
          <HeatmapCarousel key={day.date} slides={day.slides} dateLabel={label(day.date)} />
        </Stack>
      )}
    </WidgetFrame>
  );
}
