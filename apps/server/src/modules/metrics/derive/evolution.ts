import { evolutionUnit, evolutionValue, yearEarlier } from '@sitelens/domain';
import { badInput } from '../../../graphql/errors.ts';
import type { ConditionInput, RetailDataInput } from '../request/retailRequest.ts';
import type { RetailSeries } from '../run/runRetailQuery.ts';

type Answer = { metric: string; unit: string | null; series: RetailSeries[] };

/**
 * "evolution": the change against the previous period of equal length (the date ranges moved back by
 * their overall span), bucket by bucket, or once per group when the request asks no time buckets; in
 * percent, or for a rate, a score or a temperature the difference in points or °C (`evolutionValue`,
 * the answer's unit says which). `answer` is retailData for one plain request.
 */
export async function evolution(input: RetailDataInput, answer: (i: RetailDataInput) => Promise<Answer>): Promise<Answer> {
  const { previousInput, shift } = previousPeriod(input);
  // The same group-by (tags, variant, granularity ...) with the metric's own aggregation.
  const plain = { ...input, groupBy: { ...input.groupBy, type: input.groupBy?.type ?? 'date', aggregation: null } };
  const previousPlain = { ...previousInput, groupBy: plain.groupBy };
  const [current, previous] = await Promise.all([answer(plain), answer(previousPlain)]);
  // A point is its bucket start (moved by the shift) and key; one value per group has neither.
  const slot = (t: number | null, key: string | null) => `${t ?? ''}|${key ?? ''}`;
  const series = current.series.map((s) => {
    const before = new Map(previous.series.find((p) => p.key === s.key)?.points.map((p) => [slot(p.t ? p.t.getTime() + shift : null, p.key), p.value]) ?? []);
    return {
      ...s,
      points: s.points.map((p) => {
        const was = before.get(slot(p.t ? p.t.getTime() : null, p.key));
        return { ...p, value: evolutionValue(current.metric, p.value, was) };
      }),
    };
  });
  return { metric: current.metric, unit: evolutionUnit(current.metric), series };
}

/** The same request over the period of equal length just before: every date range moved back by the overall span. */
export function previousPeriod(input: RetailDataInput): { previousInput: RetailDataInput; shift: number } {
  const dates = dateRanges(input);
  const start = Math.min(...dates.map((c) => c.dateBegin!.getTime()));
  const end = Math.max(...dates.map((c) => c.dateEnd!.getTime()));
  const shift = end - start;
  return { previousInput: movedBack(input, (t) => t - shift), shift };
}

/**
 * The same request over the same dates a year earlier: 52 weeks (364 days) back at the same local
 * time in the site's zone `tz`, so weekdays line up (docs/decisions.md, "Comparison with last year").
 * `back` moves any instant the same way (the running period's cut).
 */
export function previousYear(input: RetailDataInput, tz: string): { previousInput: RetailDataInput; back: (t: number) => number } {
  dateRanges(input);
  const back = (t: number) => yearEarlier(t, tz);
  return { previousInput: movedBack(input, back), back };
}

function dateRanges(input: RetailDataInput): ConditionInput[] {
  const dates = (input.filters?.conditions ?? []).filter((c) => c.type === 'date');
  if (dates.length === 0 || dates.some((c) => !c.dateBegin || !c.dateEnd)) throw badInput('filters', 'evolution needs date ranges');
  return dates;
}

function movedBack(input: RetailDataInput, back: (t: number) => number): RetailDataInput {
  const moved = (c: ConditionInput): ConditionInput =>
    c.type === 'date' ? { ...c, dateBegin: new Date(back(c.dateBegin!.getTime())), dateEnd: new Date(back(c.dateEnd!.getTime())) } : c;
  return { ...input, filters: { ...input.filters, conditions: (input.filters?.conditions ?? []).map(moved) } };
}
