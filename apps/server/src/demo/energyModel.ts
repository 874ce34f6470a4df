import { hvacOn } from './atmosphereModel.ts';
import { insideAt } from './countSeries.ts';
import { memo, zoneSeries, type DayContext } from './dayContext.ts';
import type { DemoDevice, MeterType } from './demoLayout.ts';
import { heatingFactor } from './outdoorModel.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';
import { sunElevation } from './sunElevation.ts';

/** Consumption (or production) per local minute: kWh, or m³ for water. */
export type MeterDay = Float64Array;

const bell = (t: number, mu: number, sigma: number) => Math.exp(-0.5 * ((t - mu) / sigma) ** 2);

/** The meter of a type on the site; the site's meters share the building's occupancy and sun. */
export function meterOf(ctx: DayContext, type: MeterType): DemoDevice | undefined {
  return ctx.site.layout.devices.find((d) => d.kind === 'meter' && d.meterType === type);
}

/**
 * A meter's day minute by minute. Electricity: a night base load, then HVAC, lights and desks
 * with the people in and the season's cooling. Solar: the rooftop array under the sun and the
 * day's clouds. Water: toilets, kitchens and lunch with the people in. Heat: hot water, higher in
 * the cooler months and on days colder than the month's usual.
 */
export function meterDay(ctx: DayContext, meter: DemoDevice): MeterDay {
  return memo(ctx, `meter:${meter.key}`, () => {
    const climate = ctx.site.layout.climate!;
    const month = ctx.cal.month - 1;
    const id = keyId(meter.key);
    const capacity = meter.capacity ?? 100;
    const people = zoneSeries(ctx, meter.zone);
    const staff = ctx.site.layout.dailyVisitors;
    const rate = new Float64Array(1440);
    const sky = 1 - climate.cloudiness[month]! * between(hashUnit(ctx.seed, 7, ctx.day, 2), 0.6, 1.2);
    // Colder days than the month's usual need more heat (outdoorModel.ts).
    const heatDemand = climate.heatDemand[month]! * heatingFactor(ctx);
    let noise = 1;
    for (let m = 0; m < 1440; m++) {
      if (m % 15 === 0) noise = between(hashUnit(ctx.seed, id, ctx.day, m), 0.92, 1.08);
      const presence = people.length ? Math.min(1.2, insideAt(people, m) / staff) : 0;
      const hvac = hvacOn(ctx, m) ? 1 : 0;
      const t = m / 60;
      let kw: number;
      switch (meter.meterType) {
        case 'electricity':
          kw = capacity * (0.2 + hvac * (0.3 * climate.coolingDemand[month]! + 0.12) + 0.3 * presence) * noise;
          break;
        case 'solar': {
          const sun = Math.max(0, sunElevation(ctx.site.layout.latitude, ctx.site.layout.longitude, ctx.cal.dayOfYear, m, ctx.offsetMinutes));
          kw = capacity * 0.85 * sun ** 1.15 * sky * noise;
          break;
        }
        case 'water':
          // m³ per hour: a trickle at night, the day's volume spread over ten working hours.
          kw = 0.02 + (capacity / 10) * presence * (1 + 0.6 * bell(t, 13, 0.6)) * noise;
          break;
        default:
          kw = 2 + capacity * hvac * (0.25 + 0.5 * presence) * heatDemand * noise;
      }
      rate[m] = kw / 60;
    }
    return rate;
  });
}

/** Σ of a per-minute array over [a, b). */
export function sumOver(values: Float64Array, a: number, b: number): number {
  let total = 0;
  for (let m = a; m < b; m++) total += values[m]!;
  return total;
}

/** Solar energy used on site per minute: the lesser of production and consumption. */
export function selfConsumption(ctx: DayContext): Float64Array | undefined {
  const solar = meterOf(ctx, 'solar');
  const main = meterOf(ctx, 'electricity');
  if (!solar || !main) return undefined;
  return memo(ctx, 'selfConsumption', () => {
    const produced = meterDay(ctx, solar);
    const used = meterDay(ctx, main);
    return produced.map((p, m) => Math.min(p, used[m]!));
  });
}
