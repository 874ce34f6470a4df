import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ForecastDay } from './weatherKinds.ts';

/** Today and the next days at a site, from the configured forecast provider (apps/server weather module). */
export const WEATHER_FORECAST: TypedDocumentNode<{ weatherForecast: { days: ForecastDay[] } }, { installationId: number }> = gql`
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
`;
