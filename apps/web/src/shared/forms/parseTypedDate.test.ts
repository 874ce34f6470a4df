import { describe, expect, it } from 'vitest';
import { parseTypedDate } from './parseTypedDate.ts';

describe('parseTypedDate', () => {
  it.each([
    ['31/12/2027', 'DD/MM/YYYY', '2027-12-31'],
    ['1/2/2027', 'DD/MM/YYYY', '2027-02-01'],
    ['01.02.2027', 'DD.MM.YYYY', '2027-02-01'],
    ['02/01/2027', 'MM/DD/YYYY', '2027-02-01'],
    ['2027-02-01', 'YYYY-MM-DD', '2027-02-01'],
    ['2027-02-01', 'DD/MM/YYYY', '2027-02-01'],
    [' 31-12-2027 ', 'DD/MM/YYYY', '2027-12-31'],
  ] as const)('%s in %s is %s', (text, format, iso) => {
    expect(parseTypedDate(text, format)).toBe(iso);
  });

  it.each([
    ['31/02/2027', 'DD/MM/YYYY'],
    ['12/31/2027', 'DD/MM/YYYY'],
    ['31/12/27', 'DD/MM/YYYY'],
    ['tomorrow', 'DD/MM/YYYY'],
    ['', 'DD/MM/YYYY'],
  ] as const)('refuses %j in %s', (text, format) => {
    expect(parseTypedDate(text, format)).toBeNull();
  });
});
