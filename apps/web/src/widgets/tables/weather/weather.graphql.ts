import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

/** Today and the next days at a site, from the configured forecast provider (apps/server weather module). */
export const WEATHER_FORECAST = graphql(`
  query WidgetWeather($installationId: Int!) {
    weatherForecast(installationId: $installationId) {
      days {
        date
        temperatureMin
        temperatureMax
        weatherCode
        precipitation
      }
    }
  }
`);

/** A day of the forecast; `date` is YYYY-MM-DD, the site's local date. */
export type ForecastDay = ResultOf<typeof WEATHER_FORECAST>['weatherForecast']['days'][number];
