import { calendarDay, type CalendarDay } from './localClock.ts';
import { emptySeries, flowSeries, type CountSeries } from './countSeries.ts';
import type { ResolvedSite } from './demoSites.ts';
import { meetingSeries, officeSeries } from './officeShape.ts';
import { retailDayFactor, retailIntraday } from './retailShape.ts';
import { between, hashUnit, keyId, seededRandom } from './seededRandom.ts';

/** Everything about one local day of one site that the curves share, computed once. */
export interface DayContext {
  site: ResolvedSite;
  seed: number;
  day: number;
  cal: CalendarDay;
  /** Opening and closing, in local minutes; null when closed all day. */
  hours: { open: number; close: number } | null;
  /** Visitors (or staff) against an ordinary weekday. */
  factor: number;
  /** UTC offset at the start of the day, for the sun. */
  offsetMinutes: number;
  memo: Map<string, unknown>;
}

export function dayContext(site: ResolvedSite, seed: number, day: number, offsetMinutes: number): DayContext {
  const cal = calendarDay(day);
  const { layout } = site;
  const window = layout.openingHours.find((w) => w.beginDay === cal.weekday && w.endDay === cal.weekday);
  const closed = !window || layout.closedOn.includes(cal.monthDay);
  const siteId = keyId(layout.key);
  const office = [0, 0.9, 1, 1, 0.97, 0.78, 0.3, 0.2][cal.weekday]! * (cal.month === 12 && cal.date >= 24 ? 0.6 : 1);
  return {
    site,
    seed,
    day,
    cal,
    hours: closed ? null : { open: window.beginHour * 60 + window.beginMinute, close: window.endHour * 60 + window.endMinute },
    factor:
      layout.profile === 'retail'
        ? retailDayFactor(day, cal, seed, siteId)
        : office * between(hashUnit(seed, siteId, day, 102), 0.93, 1.06),
    offsetMinutes,
    memo: new Map(),
  };
}

export function memo<T>(ctx: DayContext, key: string, compute: () => T): T {
  if (!ctx.memo.has(key)) ctx.memo.set(key, compute());
  return ctx.memo.get(key) as T;
}

const slotNoise = (ctx: DayContext, id: number, spread: number) => (slot: number) =>
  between(hashUnit(ctx.seed, id, ctx.day, slot), 1 - spread, 1 + spread);

/** One target's own day total, noisy by ±8 % around its share of the site's visitors. */
const ownTotal = (ctx: DayContext, id: number, share: number) =>
  ctx.site.layout.dailyVisitors * ctx.factor * share * between(hashUnit(ctx.seed, id, ctx.day, 103), 0.92, 1.08);

function flow(ctx: DayContext, id: number, share: number, lag: number): CountSeries {
  const { open, close } = ctx.hours!;
  const weights = retailIntraday(ctx.cal.weekday, open, close);
  return flowSeries(weights, ownTotal(ctx, id, share), lag, close, slotNoise(ctx, id, 0.25));
}

/** The entry/exit curves of a passage's day (empty for a street passage or a closed day). */
export function passageSeries(ctx: DayContext, key: string): CountSeries {
  return memo(ctx, `p:${key}`, () => {
    const passage = ctx.site.layout.passages.find((p) => p.key === key)!;
    const id = keyId(`${ctx.site.layout.key}/p/${key}`);
    if (!ctx.hours) return emptySeries();
    if (passage.flow) return flow(ctx, id, passage.flow.share, passage.flow.lag);
    if (passage.office) return officeSeries(ownTotal(ctx, id, passage.office.share), ctx.hours.open, ctx.hours.close, slotNoise(ctx, id, 0.2));
    return emptySeries();
  });
}

/** The curves whose sum is a zone's entries and exits; empty when the zone has no counting. */
export function zoneSeries(ctx: DayContext, key: string): readonly CountSeries[] {
  return memo(ctx, `z:${key}`, () => {
    const { layout } = ctx.site;
    const source = layout.zones.find((z) => z.key === key)?.counting?.source;
    const id = keyId(`${layout.key}/z/${key}`);
    if (!source || !ctx.hours) return [];
    const { open, close } = ctx.hours;
    switch (source.from) {
      case 'passages':
        return layout.passages.filter((p) => p.zone === key && (p.flow || p.office)).map((p) => passageSeries(ctx, p.key));
      case 'flow':
        return [flow(ctx, id, source.share, source.lag)];
      case 'sales':
        return [salesSeries(ctx, source.zone, source.lag)];
      case 'office':
        return [officeSeries(ownTotal(ctx, id, source.share), open, close, slotNoise(ctx, id, 0.2))];
      case 'meetings':
        return [meetingSeries(seededRandom(hashUnit(ctx.seed, id, ctx.day) * 2 ** 32), source.capacity, source.busy, open, close)];
    }
  });
}

/** Orders of a zone with sales: its day's entries times the day's conversion, paid along the day. */
export function salesSeries(ctx: DayContext, zoneKey: string, lag = 4): CountSeries {
  return memo(ctx, `sales:${zoneKey}`, () => {
    const zone = ctx.site.layout.zones.find((z) => z.key === zoneKey)!;
    if (!ctx.hours || !zone.sales) return emptySeries();
    const id = keyId(`${ctx.site.layout.key}/sales/${zoneKey}`);
    const entries = zoneSeries(ctx, zoneKey).reduce((sum, s) => sum + s.cumIn[1440]!, 0);
    const conversion = between(hashUnit(ctx.seed, id, ctx.day), ...zone.sales.conversion);
    const { open, close } = ctx.hours;
    return flowSeries(retailIntraday(ctx.cal.weekday, open, close), entries * conversion, lag, close, slotNoise(ctx, id, 0.3));
  });
}
