import { describe, expect, it } from 'vitest';
import { stripPersonalData } from './usagePrivacy.ts';

describe('usage event privacy', () => {
  it('drops properties named for a person and masks e-mail addresses anywhere', () => {
    expect(
      stripPersonalData({ email: 'a@b.test', first_name: 'Ann', lastName: 'Lee', dataType: 'counting', note: 'sent to ann.lee@acme.test, ok', nested: { Name: 'x', zones: 2, to: ['b@c.io'] } }),
    ).toEqual({ dataType: 'counting', note: 'sent to [email], ok', nested: { zones: 2, to: ['[email]'] } });
  });
  it('keeps plain values', () => expect(stripPersonalData({ granularity: 900, format: 'XLSX', path: '/installation/1' })).toEqual({ granularity: 900, format: 'XLSX', path: '/installation/1' }));
});
