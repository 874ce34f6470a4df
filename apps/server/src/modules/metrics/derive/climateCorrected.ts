import { GRANULARITIES, type MetricDefinition, bucketStart, businessDate, businessDayRange, isoDateAddDays, isoDateDiffDays } from '@sitelens/domain';
import type { Context } from '../../../graphql/context.ts';
import { badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import { correctionFactor, discontinuousKey, monthlyReference } from './climateCorrection.ts';
import { OUTDOOR_TEMPERATURE, outdoorTemperatureDays } from '../outdoorTemperatures.repo.ts';
import type { RetailDataInput } from '../request/retailRequest.ts';
import type { RetailSeries } from '../run/runRetailQuery.ts';

type Answer = { metric: string; unit: string | null; series: RetailSeries[] };
type Read = (input: RetailDataInput) => Promise<Answer>;
type Variant = Parameters<typeof discontinuousKey>[0];

const DAY = GRANULARITIES.day;
/** Most days of outdoor temperatures read for the reference: the engine's bucket limit. */
const MAX_REFERENCE_DAYS = 10_000;
/** Aggregations a positive factor scales exactly, as long as the factor is the same over the bucket. */
const SCALING = new Set(['sum', 'avg', 'min', 'max', 'median', 'p25', 'p75', 'p95', 'first', 'last']);

/**
 * A climate-corrected utility (catalogue formula climateCorrected): the consumption of each bucket
 * times the reference heating degree days of its business days over their actual ones
 * (climateCorrection.ts). Buckets longer than a day are corrected as sums only.
 */
export async function climateCorrectedData(ctx: Context, site: InstallationRow, def: MetricDefinition, input: RetailDataInput, read: Read): Promise<Answer> {
  const consumption = def.derivation!.inputs[0]!;
  const groupType = input.groupBy?.type ?? 'date';
  const aggregation = input.groupBy?.aggregation === 'average' ? 'avg' : (input.groupBy?.aggregation ?? 'sum');
  const granularity = input.groupBy?.granularity ?? input.granularity ?? GRANULARITIES.hour;
  const wholeRange = groupType === 'all' || groupType === 'discontinuousDate';
  const oneDayBuckets = !wholeRange && granularity <= DAY;
  if (!SCALING.has(aggregation)) throw badInput('aggregation', `${def.id}: climate correction applies to consumption values, not to ${aggregation}`);
  if (aggregation !== 'sum' && !oneDayBuckets) throw badInput('aggregation', `${def.id}: ${aggregation} needs buckets of one day or less; longer buckets are corrected as sums`);

  const base = await read({ ...input, metric: consumption, limit: null });
  const { tz, changeOfDay } = { tz: site.timezone, changeOfDay: site.changeOfDayTime };
  const means = await dailyOutdoorMeans(ctx, site, read);
  const reference = monthlyReference(means);

  // Each answer bucket's business days: its own day for day and shorter buckets, else the days
  // with consumption that fall in it.
  const bucketDays = new Map<string, string[]>();
  if (!oneDayBuckets) {
    const variant = input.groupBy?.variant as Variant;
    const daily = await read({ ...input, metric: consumption, groupBy: { type: 'date', granularity: DAY, aggregation: 'sum' }, limit: null });
    const days = new Set(daily.series.flatMap((s) => s.points.filter((p) => p.t && p.value !== null).map((p) => businessDate(p.t!.getTime(), tz, changeOfDay))));
    for (const date of days) {
      const key = groupType === 'all' ? '' : groupType === 'discontinuousDate' ? discontinuousKey(variant, date) : String(bucketStart(businessDayRange(date, tz, changeOfDay)[0], { granularity, tz, changeOfDay }));
      bucketDays.set(key, [...(bucketDays.get(key) ?? []), date]);
    }
  }
  const daysOf = (p: RetailSeries['points'][number]): string[] => {
    if (oneDayBuckets) return p.t ? [businessDate(p.t.getTime(), tz, changeOfDay)] : [];
    return bucketDays.get(groupType === 'all' ? '' : groupType === 'discontinuousDate' ? (p.key ?? '') : String(p.t?.getTime())) ?? [];
  };

  const factors = new Map<string, number | null>();
  const factorOf = (days: string[]) => {
    const key = days.join();
    if (!factors.has(key)) factors.set(key, correctionFactor(days, means, reference));
    return factors.get(key)!;
  };
  const series = base.series.map((s) => ({
    ...s,
    points: s.points.map((p) => {
      const factor = p.value === null ? null : factorOf(daysOf(p));
      return { ...p, value: p.value === null || factor === null ? null : p.value * factor };
    }),
  }));
  return { metric: def.id, unit: def.unit, series: input.limit ? series.slice(0, input.limit) : series };
}

/**
 * The site's daily mean outdoor temperature on every business day it has one (its top zone, read
 * through the engine), keyed 'YYYY-MM-DD'. The request's own filters do not apply: a day's mean is
 * the whole day's, and the reference needs every stored day.
 */
async function dailyOutdoorMeans(ctx: Context, site: InstallationRow, read: Read): Promise<Map<string, number>> {
  const span = await outdoorTemperatureDays(ctx.database, site);
  if (!span) return new Map();
  const first = isoDateDiffDays(span.first, span.last) >= MAX_REFERENCE_DAYS ? isoDateAddDays(span.last, 1 - MAX_REFERENCE_DAYS) : span.first;
  const [dateBegin] = businessDayRange(first, site.timezone, site.changeOfDayTime);
  const [, dateEnd] = businessDayRange(span.last, site.timezone, site.changeOfDayTime);
  const answer = await read({
    installationId: site.id,
    metric: OUTDOOR_TEMPERATURE,
    filters: { conditions: [{ type: 'date', dateBegin: new Date(dateBegin), dateEnd: new Date(dateEnd) }] },
    groupBy: { type: 'date', granularity: DAY, aggregation: 'avg' },
  });
  const points = answer.series.flatMap((s) => s.points);
  return new Map(points.filter((p) => p.t && p.value !== null).map((p) => [businessDate(p.t!.getTime(), site.timezone, site.changeOfDayTime), p.value!]));
}
