import { calendarDay, dayNumber } from './localClock.ts';

/** A seasonal sales period, [begin, end) in local day numbers. */
export interface SalesPeriod {
  name: string;
  begin: number;
  end: number;
}

const nthWednesday = (year: number, month: number, n: number): number => {
  const first = dayNumber(year, month, 1);
  return first + ((3 - calendarDay(first).weekday + 7) % 7) + 7 * (n - 1);
};

const lastWednesday = (year: number, month: number): number => {
  const last = dayNumber(year, month + 1, 1) - 1;
  return last - ((calendarDay(last).weekday - 3 + 7) % 7);
};

/** The French calendar the demo follows: four weeks from the 2nd Wednesday of January and the last Wednesday of June. */
export function salesPeriods(year: number): SalesPeriod[] {
  const winter = nthWednesday(year, 1, 2);
  const summer = lastWednesday(year, 6);
  return [
    { name: `Winter sales ${year}`, begin: winter, end: winter + 28 },
    { name: `Summer sales ${year}`, begin: summer, end: summer + 28 },
  ];
}

export function salesPeriodOn(day: number): SalesPeriod | undefined {
  return salesPeriods(calendarDay(day).year).find((p) => day >= p.begin && day < p.end);
}

/** The most recent sales period over by `day`. */
export function lastFinishedSales(day: number): SalesPeriod {
  const year = calendarDay(day).year;
  const all = [...salesPeriods(year - 1), ...salesPeriods(year)].filter((p) => p.end <= day);
  return all[all.length - 1]!;
}
