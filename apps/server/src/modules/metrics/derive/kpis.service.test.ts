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
