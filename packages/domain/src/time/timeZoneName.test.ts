import { describe, expect, it } from 'vitest';
import { timeZoneDisplayName, timeZoneLabel } from './timeZoneName.ts';

const AT = Date.parse('2026-12-07T12:00:00Z');

describe('timeZoneDisplayName', () => {
  it('names a zone in the language asked, not by its IANA id', () => {
    expect(timeZoneDisplayName('Europe/Paris', 'en', AT)).toBe('Central European Time');
    expect(timeZoneDisplayName('Europe/Paris', 'fr', AT)).toBe('heure d’Europe centrale');
    expect(timeZoneDisplayName('Europe/London', 'ar', AT)).toBe('توقيت المملكة المتحدة');
    expect(timeZoneDisplayName('Europe/Paris', 'de', AT)).toBe('Mitteleuropäische Zeit');
  });

  it('says UTC for UTC, and falls back to the id for what the runtime cannot name', () => {
    expect(timeZoneDisplayName('UTC', 'fr', AT)).toBe('UTC');
    expect(timeZoneDisplayName('Mars/Olympus', 'en', AT)).toBe('Mars/Olympus');
    expect(timeZoneDisplayName('Europe/Paris', 'not a tag', AT)).toBe('Europe/Paris');
  });

  it('keeps the IANA id in parentheses in the label', () => {
    expect(timeZoneLabel('Europe/London', 'en', AT)).toBe('United Kingdom Time (Europe/London)');
    expect(timeZoneLabel('UTC', 'en', AT)).toBe('UTC');
  });
});
