import { zonedToUtc } from '@sitelens/domain';
import type { DemoSiteLayout } from './demoLayout.ts';
import { calendarDay, dayNumber } from './localClock.ts';
import { lastFinishedSales } from './salesPeriods.ts';

export interface DemoEvent {
  name: string;
  metrics: string[];
  neverEnding: boolean;
  dateBegin: Date;
  dateEnd: Date | null;
}

/**
 * A site's events: one never-ending event for what it measures, and for the shopping centre the
 * last sales period (visible as a peak when it falls in the generated days) and the next
 * Christmas market. Days run from local midnight to local midnight.
 */
export function demoEvents(layout: DemoSiteLayout, today: number, firstDay: number): DemoEvent[] {
  const midnight = (day: number) => {
    const { year, month, date } = calendarDay(day);
    return new Date(zonedToUtc({ year, month, day: date, hour: 0, minute: 0 }, layout.timezone));
  };
  const span = (name: string, metrics: string[], begin: number, end: number): DemoEvent => ({
    name,
    metrics,
    neverEnding: false,
    dateBegin: midnight(begin),
    dateEnd: midnight(end),
  });
  const always = (name: string, metrics: string[]): DemoEvent => ({ name, metrics, neverEnding: true, dateBegin: midnight(firstDay), dateEnd: null });

  switch (layout.key) {
    case 'shoppingCentre': {
      const sales = lastFinishedSales(today);
      const year = calendarDay(today).year;
      const marketYear = today < dayNumber(year, 11, 21) ? year : year + 1;
      return [
        always('Footfall', ['counting']),
        span(sales.name, ['counting'], sales.begin, sales.end),
        span('Christmas market', ['counting'], dayNumber(marketYear, 11, 21), dayNumber(marketYear, 12, 25)),
      ];
    }
    case 'fashionStore':
      return [always('Store performance', ['counting', 'sales'])];
    case 'office':
      return [always('Building monitoring', ['atmosphere', 'energy', 'counting'])];
  }
}
