import { describe, expect, it } from 'vitest';
import { checkScreenLanguages, checkScreenName, checkStopNGoLimit, eventInForce, siteLanguage, stopNGoVerdict } from './stopNGo.ts';

describe('stopNGoVerdict', () => {
  it.each([
    { inside: 0, limit: 10, state: 'GO', placesLeft: 10 },
    { inside: 9, limit: 10, state: 'GO', placesLeft: 1 },
    { inside: 10, limit: 10, state: 'STOP', placesLeft: 0 },
    { inside: 14, limit: 10, state: 'STOP', placesLeft: 0 },
    { inside: 9.6, limit: 10, state: 'STOP', placesLeft: 0 },
    { inside: -3, limit: 10, state: 'GO', placesLeft: 10 },
    { inside: 42, limit: null, state: 'OFF', placesLeft: null },
  ] as const)('$inside inside against $limit is $state with $placesLeft left', ({ inside, limit, state, placesLeft }) => {
    expect(stopNGoVerdict({ inside, limit })).toMatchObject({ state, placesLeft });
  });
});

describe('limit and screen checks', () => {
  it.each([
    [25, true, undefined],
    [1, true, undefined],
    [0, false, 'tooSmall'],
    [-4, false, 'tooSmall'],
    [2.5, false, 'notWholeNumber'],
    ['30', false, 'notWholeNumber'],
    [100_001, false, 'tooLarge'],
  ])('limit %s', (limit, ok, reason) => {
    const check = checkStopNGoLimit(limit);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.reason).toBe(reason);
  });

  it('needs a screen name of at most 80 characters', () => {
    expect(checkScreenName('  Entrée nord ')).toEqual({ ok: true });
    expect(checkScreenName('   ')).toEqual({ ok: false, reason: 'required' });
    expect(checkScreenName('x'.repeat(81))).toEqual({ ok: false, reason: 'tooLong' });
  });

  it('takes one language, or two different ones', () => {
    expect(checkScreenLanguages('fr', null)).toEqual({ ok: true });
    expect(checkScreenLanguages('fr', 'ar')).toEqual({ ok: true });
    expect(checkScreenLanguages('fr', 'fr')).toEqual({ ok: false, field: 'secondLanguage', reason: 'sameAsFirst' });
    expect(checkScreenLanguages('xx', null)).toEqual({ ok: false, field: 'language', reason: 'unknownLanguage' });
    expect(checkScreenLanguages('en', 'klingon')).toEqual({ ok: false, field: 'secondLanguage', reason: 'unknownLanguage' });
  });
});

describe('eventInForce', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    [{ neverEnding: true, dateBegin: '2026-01-01T00:00:00Z', dateEnd: null }, true],
    [{ neverEnding: true, dateBegin: '2026-04-01T00:00:00Z', dateEnd: null }, false],
    [{ neverEnding: false, dateBegin: '2026-03-01T00:00:00Z', dateEnd: '2026-03-11T00:00:00Z' }, true],
    [{ neverEnding: false, dateBegin: '2026-03-01T00:00:00Z', dateEnd: '2026-03-10T12:00:00Z' }, false],
  ])('%o runs: %s', (event, running) => {
    expect(eventInForce(event, now)).toBe(running);
  });
});

describe('siteLanguage', () => {
  it.each([
    ['France', 'fr'],
    ['ITALIA', 'it'],
    ['Morocco', 'ar'],
    ['de', 'de'],
    ['United Kingdom', 'en'],
    [null, 'en'],
  ] as const)('%s speaks %s', (country, lang) => {
    expect(siteLanguage(country, 'en')).toBe(lang);
  });
});
