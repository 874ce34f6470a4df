import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Icon, IconCloud, IconCloudBolt, IconCloudFog, IconCloudOff, IconCloudQuestion, IconCloudRain, IconDroplet, IconSnowflake, IconSun, IconUmbrella } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Widget, businessDate } from '@sitelens/domain';
import { errorCodeOf } from '../../../shared/api/errorText.ts';
import type { WidgetStatus } from '../../core/useRetailResults.ts';
import type { WidgetContext } from '../../core/widgetContext.ts';
import { WidgetFrame } from '../../core/WidgetFrame.tsx';
import { WidgetMessage } from '../../core/WidgetMessage.tsx';
import { WEATHER_FORECAST } from './weather.graphql.ts';
import { FORECAST_DAYS, type WeatherKind, forecastDays, weatherKind } from './weatherKinds.ts';

const ICONS: Record<WeatherKind, Icon> = {
  clear: IconSun,
  partlyCloudy: IconCloud,
  cloudy: IconCloud,
  fog: IconCloudFog,
  drizzle: IconUmbrella,
  rain: IconCloudRain,
  showers: IconCloudRain,
  snow: IconSnowflake,
  thunderstorm: IconCloudBolt,
  unknown: IconCloudQuestion,
};
const HEIGHT = 190;
/** The forecast changes slowly; the server keeps it an hour. */
const REFRESH_MS = 30 * 60_000;

/** Today and the next five days at the site (spec 001 §4), or a clear "unavailable" when the provider cannot be reached. */
export function WeatherWidget({ widget, context }: { widget: Widget; context: WidgetContext }) {
  const { t, i18n } = useTranslation();
  const installationId = widget.configuration.installationId ?? context.site.id;
  const { data, error } = useQuery(WEATHER_FORECAST, {
    variables: { installationId },
    fetchPolicy: 'network-only',
    pollInterval: context.preview ? 0 : REFRESH_MS,
    notifyOnNetworkStatusChange: false,
  });
  const today = businessDate(Date.now(), context.site.timezone);
  const days = useMemo(() => forecastDays(data?.weatherForecast.days ?? [], today), [data, today]);
  const locale = i18n.language || 'en';
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }), [locale]);
  const mm = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }), [locale]);
  const dayName = (date: string) =>
    date === today ? t('dataWidgets.weather.today') : new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
  const degrees = (v: number | null) => (v === null ? '-' : `${number.format(v)}°`);

  const unavailable = errorCodeOf(error) === 'WEATHER_UNAVAILABLE';
  let status: WidgetStatus;
  if (error && !data) status = unavailable ? 'empty' : 'error';
  else if (!data) status = 'loading';
  else status = days.length ? 'data' : 'empty';

  const empty = unavailable ? (
    <WidgetMessage height={HEIGHT} icon={<IconCloudOff size={36} color="var(--mantine-color-gray-6)" aria-hidden="true" />} title={t('dataWidgets.weather.unavailable')} hint={t('dataWidgets.weather.unavailableHint')} />
  ) : undefined;

  return (
    <WidgetFrame widget={widget} status={status} skeleton="kpi" height={HEIGHT} empty={empty} preview={context.preview}>
      <SimpleGrid cols={{ base: 3, sm: FORECAST_DAYS }} spacing="xs" data-testid="weather-days">
        {days.map((day) => {
          const kind = weatherKind(day.weatherCode);
          const KindIcon = ICONS[kind];
          return (
            <Paper key={day.date} withBorder radius="md" p="xs" bg={day.date === today ? 'var(--mantine-color-blue-0)' : undefined} data-testid="weather-day">
              <Stack gap={4} align="center">
                <Text size="sm" fw={600} ta="center">
                  {dayName(day.date)}
                </Text>
                <KindIcon size={32} stroke={1.5} aria-hidden="true" color={kind === 'clear' ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-blue-7)'} />
                <Text size="xs" c="dimmed" ta="center" lineClamp={1}>
                  {t(`dataWidgets.weather.kinds.${kind}`)}
                </Text>
                <Text size="sm" ta="center" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  <Text span fw={700}>
                    {degrees(day.temperatureMax)}
                  </Text>{' '}
                  <Text span c="dimmed">
                    {degrees(day.temperatureMin)}
                  </Text>
                </Text>
                {day.precipitation !== null && day.precipitation > 0 && (
                  <Text size="xs" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
                    <IconDroplet size={12} aria-hidden="true" />
                    {t('dataWidgets.weather.precipitation', { value: mm.format(day.precipitation) })}
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </WidgetFrame>
  );
}
