import { insideAt } from './countSeries.ts';
import { memo, zoneSeries, type DayContext } from './dayContext.ts';
import type { DemoDevice } from './demoLayout.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';
import { sunElevation } from './sunElevation.ts';

export const AIR_METRICS = ['co2', 'temperature', 'humidity', 'tvoc', 'pm25', 'pm10', 'luminosity', 'pressure'] as const;
export type AirMetric = (typeof AIR_METRICS)[number];
/** One value per local minute of the day, per metric, before sensor noise. */
export type AirDay = Record<AirMetric, Float64Array>;

/** Whether ventilation and cooling run: office hours plus half an hour either side. */
export function hvacOn(ctx: DayContext, minute: number): boolean {
  return ctx.hours !== null && minute >= ctx.hours.open - 30 && minute < ctx.hours.close + 30;
}

/**
 * A room's air through one day, minute by minute. CO2 is a mass balance: every person breathes
 * out 0.3 L/min into the room's volume, ventilation pulls it back to outdoor air (3.5 air
 * changes an hour while the HVAC runs, 0.4 at night). Temperature and humidity relax towards
 * the HVAC set point by day and drift at night; TVOC follows people and the evening cleaning;
 * particles come in from outside; light is daylight through the windows plus lamps.
 */
export function airDay(ctx: DayContext, device: DemoDevice): AirDay {
  return memo(ctx, `air:${device.key}`, () => {
    const climate = ctx.site.layout.climate!;
    const { latitude, longitude } = ctx.site.layout;
    const month = ctx.cal.month - 1;
    const id = keyId(device.key);
    const volume = device.volumeM3 ?? 100;
    const series = device.occupancy ? zoneSeries(ctx, device.occupancy.zone) : [];
    const scale = device.occupancy?.scale ?? 1;
    const outdoorCo2 = between(hashUnit(ctx.seed, id, ctx.day, 1), 412, 432);
    const daySky = 1 - climate.cloudiness[month]! * between(hashUnit(ctx.seed, 7, ctx.day, 2), 0.6, 1.2);
    const weather = 2.5 * Math.sin((2 * Math.PI * ctx.day) / 6.3) + 1.8 * Math.sin((2 * Math.PI * ctx.day) / 17 + 1);
    const pmOutdoor = climate.pm25[month]! * between(hashUnit(ctx.seed, 7, ctx.day, 3), 0.7, 1.3);
    const day = Object.fromEntries(AIR_METRICS.map((m) => [m, new Float64Array(1440)])) as AirDay;
    let co2 = outdoorCo2;
    let temperature = Math.min(24.2, climate.temperature[month]! - 3);
    let humidity = 50;
    for (let m = 0; m < 1440; m++) {
      const hvac = hvacOn(ctx, m);
      const people = series.length ? insideAt(series, m) * scale : 0;
      const load = Math.min(1, (people * 8) / volume);
      const hour = m / 60;
      const outdoorTemp = climate.temperature[month]! + 3 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
      co2 += (300 / volume) * people - ((hvac ? 3.5 : 0.4) / 60) * (co2 - outdoorCo2);
      const tempTarget = hvac ? 22.2 + 1.1 * load : Math.min(24.2, outdoorTemp - 3);
      temperature += (tempTarget - temperature) / (hvac ? 25 : 150);
      const humidTarget = (hvac ? 45 : 50) + (climate.humidity[month]! - 60) * (hvac ? 0.25 : 0.35) + 6 * load;
      humidity += (humidTarget - humidity) / 60;
      const sun = Math.max(0, sunElevation(latitude, longitude, ctx.cal.dayOfYear, m, ctx.offsetMinutes));
      const lamps = hvac && (load > 0.02 || device.occupancy?.zone !== device.zone) ? 430 : 0;
      const cleaning = ctx.hours && m >= ctx.hours.close + 30 ? 280 * Math.exp(-(m - ctx.hours.close - 30) / 45) : 0;
      day.co2[m] = co2;
      day.temperature[m] = temperature;
      day.humidity[m] = Math.min(60, Math.max(35, humidity));
      day.tvoc[m] = 85 + 130 * load + cleaning;
      day.pm25[m] = 2 + pmOutdoor * (hvac ? 0.18 : 0.28) + 3 * load;
      day.pm10[m] = day.pm25[m]! * 1.65;
      day.luminosity[m] = 1900 * sun ** 0.8 * daySky * (device.daylight ?? 0.5) + lamps;
      day.pressure[m] = 1011 + weather + 0.9 * Math.cos((4 * Math.PI * (hour - 10)) / 24) - 0.12 * (device.floor ?? 0) - (month >= 5 && month <= 8 ? 4 : 0);
    }
    return day;
  });
}

/** Sensor noise and display precision per metric. */
const NOISE: Record<AirMetric, [number, number]> = {
  co2: [12, 1],
  temperature: [0.2, 100],
  humidity: [1.5, 10],
  tvoc: [18, 1],
  pm25: [2, 10],
  pm10: [3, 10],
  luminosity: [12, 1],
  pressure: [0.15, 10],
};

/** The reading a sensor sends at local minute m. */
export function airSample(ctx: DayContext, device: DemoDevice, metric: AirMetric, m: number): number {
  const [spread, precision] = NOISE[metric];
  const raw = airDay(ctx, device)[metric][m]! + (hashUnit(ctx.seed, keyId(device.key), ctx.day, m, AIR_METRICS.indexOf(metric)) - 0.5) * spread;
  return Math.round(Math.max(0, raw) * precision) / precision;
}
