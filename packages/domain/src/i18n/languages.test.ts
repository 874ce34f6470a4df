import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, isLanguage, isRtl, LANGUAGES } from './languages.ts';
import { labelColon } from './labelColon.ts';
import { languageDateFormat } from './languageDateFormat.ts';
import { formatIsoDate } from '../format/formatDate.ts';

describe('languages', () => {
  it.each([
    ['fr', true, false],
    ['en', true, false],
    ['it', true, false],
    ['ar', true, true],
    ['de', true, false],
    ['es', true, false],
    ['AR', false, false],
    ['pt', false, false],
    ['', false, false],
  ])('%j: offered %s, right-to-left %s', (lang, offered, rtl) => {
    expect(isLanguage(lang)).toBe(offered);
    expect(isRtl(lang)).toBe(rtl);
  });

  it.each([null, undefined, 1, ['fr']])('%j is not a language', (value) => {
    expect(isLanguage(value)).toBe(false);
  });

  it('defaults and fallback are offered languages', () => {
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
    expect(LANGUAGES).toContain(FALLBACK_LANGUAGE);
  });
});

describe('labelColon', () => {
  it('writes French colons after a non-breaking space, others right after the label', () => {
    expect(`Entrées${labelColon('fr')} 12`).toBe('Entrées\u00a0: 12');
    expect(`Visitors in${labelColon('en')} 12`).toBe('Visitors in: 12');
    expect(labelColon('ar')).toBe(':');
  });
});

describe('languageDateFormat', () => {
  it.each([
    ['de', '30.11.2026'],
    ['fr', '30/11/2026'],
    ['en', '30/11/2026'],
    ['it', '30/11/2026'],
    ['es', '30/11/2026'],
    ['ar', '30/11/2026'],
    ['pt', '30/11/2026'],
  ])('%s writes 30 November 2026 as %s', (lang, written) => {
    expect(formatIsoDate('2026-11-30', languageDateFormat(lang))).toBe(written);
  });
});
