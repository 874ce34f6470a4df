import { builder } from '../../graphql/builder.ts';
import type { WeatherDay } from './weather.tables.ts';
import { type WeatherForecast, weatherForecast } from './weather.service.ts';

const WeatherDayRef = builder.objectRef<WeatherDay>('WeatherDay').implement({
  fields: (t) => ({
    date: t.field({ type: 'Date', description: 'A calendar day of the site.', resolve: (d) => d.date }),
    temperatureMin: t.exposeFloat('temperatureMin', { nullable: true, description: '°C' }),
    temperatureMax: t.exposeFloat('temperatureMax', { nullable: true, description: '°C' }),
    weatherCode: t.exposeInt('weatherCode', { nullable: true, description: 'WMO weather interpretation code.' }),
    precipitation: t.exposeFloat('precipitation', { nullable: true, description: 'mm over the day' }),
  }),
});

const WeatherForecastRef = builder.objectRef<WeatherForecast>('WeatherForecast').implement({
  fields: (t) => ({
    installationId: t.exposeInt('installationId'),
    fetchedAt: t.field({ type: 'DateTime', resolve: (f) => f.fetchedAt }),
    days: t.field({ type: [WeatherDayRef], resolve: (f) => f.days }),
  }),
});

builder.queryField('weatherForecast', (t) =>
  t.field({
    type: WeatherForecastRef,
    description: 'Today and the next 5 days at the site; WEATHER_UNAVAILABLE when the provider cannot be reached.',
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => weatherForecast(ctx, a.installationId),
  }),
);
