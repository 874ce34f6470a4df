import { describe, expect, it } from 'vitest';
import { comparedPeriod } from './kpis.service.ts';
import type { ConditionInput } from '../request/retailRequest.ts';

const today = { type: 'date', dateBegin: new Date('2026-11-25T04:00:00Z'), dateEnd: new Date('2026-11-26T04:00:00Z') };
const request = (conditions: ConditionInput[]) => ({ installationId: 1, metric: 'visitorsIn', filters: { conditions } });

describe('comparedPeriod (KPI evolution)', () => {
  it('compares a running day with the previous day up to the same time', () => {
    const { input, soFar } = comparedPeriod(request([today, { type: 'gender', values: ['MALE'] }]), Date.parse('2026-11-25T13:30:00Z'));
    expect(soFar).toBe(true);
    expect(input.filters?.conditions).toEqual([
      { type: 'date', dateBegin: new Date('2026-11-24T04:00:00Z'), dateEnd: new Date('2026-11-24T13:30:00Z') },
      { type: 'gender', values: ['MALE'] },
    ]);
  });

  it('compares a finished period with the whole previous one', () => {
    const { input, soFar } = comparedPeriod(request([today]), Date.parse('2026-11-27T00:00:00Z'));
    expect(soFar).toBe(false);
    expect(input.filters?.conditions).toEqual([{ type: 'date', dateBegin: new Date('2026-11-24T04:00:00Z'), dateEnd: new Date('2026-11-25T04:00:00Z') }]);
  });

  it('cuts several ranges at the same elapsed time, dropping what starts after it', () => {
    const week = [
      { type: 'date', dateBegin: new Date('2026-11-20T00:00:00Z'), dateEnd: new Date('2026-11-21T00:00:00Z') },
      { type: 'date', dateBegin: new Date('2026-11-25T00:00:00Z'), dateEnd: new Date('2026-11-26T00:00:00Z') },
    ];
    const { input } = comparedPeriod(request(week), Date.parse('2026-11-25T06:00:00Z'));
    // Shifted by 6 days; the cut falls on 2026-11-19 06:00, inside the second shifted range.
    expect(input.filters?.conditions).toEqual([
      { type: 'date', dateBegin: new Date('2026-11-14T00:00:00Z'), dateEnd: new Date('2026-11-15T00:00:00Z') },
      { type: 'date', dateBegin: new Date('2026-11-19T00:00:00Z'), dateEnd: new Date('2026-11-19T06:00:00Z') },
    ]);
    const early = comparedPeriod(request(week), Date.parse('2026-11-20T06:00:00Z'));
    expect(early.input.filters?.conditions).toEqual([{ type: 'date', dateBegin: new Date('2026-11-14T00:00:00Z'), dateEnd: new Date('2026-11-14T06:00:00Z') }]);
  });
});

describe('comparedPeriod with last year (52 weeks, the site`s local time)', () => {
  it('moves every range 364 days back at the same local time, and cuts a running day at the same local time', () => {
    // Paris: 2026-11-25 is a Wednesday in winter time; 364 days before, 2025-11-26, is one too.
    const day = { type: 'date', dateBegin: new Date('2026-11-24T23:00:00Z'), dateEnd: new Date('2026-11-25T23:00:00Z') };
    const done = comparedPeriod(request([day]), Date.parse('2026-11-27T00:00:00Z'), { tz: 'Europe/Paris' });
    expect(done).toEqual({ soFar: false, input: { ...request([]), filters: { conditions: [{ type: 'date', dateBegin: new Date('2025-11-25T23:00:00Z'), dateEnd: new Date('2025-11-26T23:00:00Z') }] } } });
    const running = comparedPeriod(request([day]), Date.parse('2026-11-25T13:30:20Z'), { tz: 'Europe/Paris' });
    expect(running.soFar).toBe(true);
    expect(running.input.filters?.conditions).toEqual([{ type: 'date', dateBegin: new Date('2025-11-25T23:00:00Z'), dateEnd: new Date('2025-11-26T13:30:00Z') }]);
  });

  it('keeps local midnight when summer time differs between the two dates', () => {
    // Saturday 2024-03-30 in Paris is winter time (UTC+1); Saturday 2023-04-01 is summer time (UTC+2).
    const day = { type: 'date', dateBegin: new Date('2024-03-29T23:00:00Z'), dateEnd: new Date('2024-03-30T23:00:00Z') };
    const { input } = comparedPeriod(request([day]), Date.parse('2024-06-01T00:00:00Z'), { tz: 'Europe/Paris' });
    expect(input.filters?.conditions).toEqual([{ type: 'date', dateBegin: new Date('2023-03-31T22:00:00Z'), dateEnd: new Date('2023-04-01T22:00:00Z') }]);
  });
});
