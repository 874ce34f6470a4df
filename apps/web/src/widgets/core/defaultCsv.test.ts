import { describe, expect, it } from 'vitest';
import { hourly, result, testEnv, testWidget, total } from '../charts/testFixtures.ts';
import { defaultCsv } from './defaultCsv.ts';

const headers = { time: 'Time', item: 'Name' };

describe('defaultCsv', () => {
  it('writes site times in the user date format and one named column per series, with units', () => {
    const widget = testWidget('lineChart', ['visitorsIn', 'co2']);
    const rows = defaultCsv(widget, [result('visitorsIn', [hourly('all', 'all', [10, 25])]), result('co2', [hourly('all', 'all', [412.44, null])], 'ppm')], { env: testEnv(), headers });
    // 07:00 UTC is 08:00 in Paris.
    expect(rows).toEqual([
      ['Time', 'metric:visitorsIn', 'metric:co2 (ppm)'],
      ['02/03/2026 08:00', 10, 412],
      ['02/03/2026 09:00', 25, null],
    ]);
  });

  it('reads one row per series for a pie, with its names, and leaves out empty columns', () => {
    const pie = defaultCsv(testWidget('pieChart', ['visitorsIn']), [result('visitorsIn', [total('MALE', 'MALE', 40), total('FEMALE', 'FEMALE', 60)])], { env: testEnv(), headers });
    expect(pie).toEqual([
      ['Name', 'metric:visitorsIn'],
      ['Men', 40],
      ['Women', 60],
    ]);
    const sparse = defaultCsv(testWidget('lineChart', ['visitorsIn']), [result('visitorsIn', [hourly('1', 'Hall', [1, 2]), hourly('2', 'Shop', [null, null])])], { env: testEnv(), headers });
    expect(sparse[0]).toEqual(['Time', 'Hall']);
  });
});
