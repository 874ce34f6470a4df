import { addStay, emptySeries, flowSeries, type CountSeries } from './countSeries.ts';

const bell = (t: number, mu: number, sigma: number) => Math.exp(-0.5 * ((t - mu) / sigma) ** 2);
/** Share of the people in who go out for lunch. */
const LUNCH_OUT = 0.35;
/** Visitors, couriers and coffee runs through the day, against the headcount; each stays about 40 minutes. */
const VISITS = 0.2;

/** Cumulative distribution over [open, close) of a bell-shaped rate, noisy per 15-minute slot. */
function cdf(open: number, close: number, rate: (t: number) => number, slotNoise: (slot: number) => number): Float64Array {
  const cum = new Float64Array(1441);
  for (let m = 0; m < 1440; m++) {
    const w = m >= open && m < close ? rate((m + 0.5) / 60) * slotNoise(Math.floor(m / 15)) : 0;
    cum[m + 1] = cum[m]! + w;
  }
  const total = cum[1440]!;
  if (total > 0) for (let m = 0; m <= 1440; m++) cum[m]! /= total;
  return cum;
}

/**
 * An office workforce of `headcount`: arrivals from 8 to 11, a third out for lunch, departures
 * from 16:30, visitors coming and going all day, everyone gone at closing.
 */
export function officeSeries(headcount: number, open: number, close: number, slotNoise: (slot: number) => number): CountSeries {
  const arrive = cdf(open, close - 60, (t) => bell(t, 9.3, 0.55) + 0.2 * bell(t, 8.4, 0.3), slotNoise);
  const lunchOut = cdf(open, close, (t) => bell(t, 12.9, 0.4), () => 1);
  const lunchBack = cdf(open, close, (t) => bell(t, 13.8, 0.4), () => 1);
  const depart = cdf(open + 120, close, (t) => bell(t, 17.9, 0.65) + 0.3 * bell(t, 16.4, 0.6), (s) => slotNoise(s + 200));
  const flat = new Float64Array(1440).fill(1, open + 60, close - 60);
  const visits = flowSeries(flat, headcount * VISITS, 40, close, (s) => slotNoise(s + 400));
  const series = emptySeries();
  for (let m = 0; m <= 1440; m++) {
    const inside = headcount * (arrive[m]! + LUNCH_OUT * lunchBack[m]!);
    series.cumIn[m] = inside + visits.cumIn[m]!;
    series.cumOut[m] = Math.min(inside, headcount * (depart[m]! + LUNCH_OUT * lunchOut[m]!)) + visits.cumOut[m]!;
  }
  return series;
}

const DURATIONS = [30, 60, 60, 60, 90, 120];

/**
 * Booked meetings in a room of `capacity` seats: each half hour from 08:30 may start one (less at
 * lunch) of 30 minutes to 2 hours with 2 to `capacity` people, who arrive in the minutes around
 * the start and leave at the end.
 */
export function meetingSeries(random: () => number, capacity: number, busy: number, open: number, close: number): CountSeries {
  const series = emptySeries();
  let freeAt = 0;
  for (let start = open + 30; start <= close - 60; start += 30) {
    const lunch = start >= 12.5 * 60 && start < 14 * 60;
    const draw = random();
    if (start < freeAt || draw >= (lunch ? busy / 2 : busy)) continue;
    const duration = DURATIONS[Math.floor(random() * DURATIONS.length)]!;
    const end = Math.min(start + duration, close - 15);
    const people = 2 + Math.floor(random() * (capacity - 1));
    addStay(series, people, start - 4, end - 3, 6);
    freeAt = end;
  }
  return series;
}
