import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportFieldMessage } from './reportFieldMessages.ts';

// The real catalogues of the six languages, as the server hands them out.
const catalogue = (lang: string, ns: string) => JSON.parse(readFileSync(new URL(`../../../../../server/src/modules/translations/locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const wordsOf = (lang: string, key: string): unknown => {
  const [ns, ...path] = key.split('.');
  return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue(lang, ns!));
};

// Every field-bound refusal of createScheduledReport / updateScheduledReport: the domain's rules
// (reportFieldErrors), the argument bounds (graphql/argumentBounds.ts) and the service's own zone check.
const REFUSALS = [
  ['title', 'required', 'reports.validation.required', 'This field is required.'],
  ['title', 'tooLong', 'reports.validation.tooLong', 'This title is too long.'],
  ['language', 'unknownLanguage', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['sendDay', 'invalid', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['sendDay', 'tooLarge', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['hour', 'invalid', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['hour', 'tooLarge', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['granularity', 'invalid', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['granularity', 'tooSmall', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['daysIncluded', 'outOfRange', 'reports.validation.outOfRange', 'Choose between 1 and 366 days.'],
  ['daysIncluded', 'tooLarge', 'reports.validation.outOfRange', 'Choose between 1 and 366 days.'],
  ['emails', 'required', 'reports.validation.emailsRequired', 'Add at least one e-mail address.'],
  ['emails', 'invalidEmail', 'reports.validation.invalidEmail', 'This e-mail address is not valid: {{address}}'],
  ['emails', 'tooMany', 'reports.validation.tooMany', 'Too many e-mail addresses.'],
  ['zoneId', 'zoneDeleted', 'reports.validation.zoneDeleted', 'This zone has been deleted since the form was opened: choose another zone.'],
  ['eventId', 'tooLarge', 'reports.validation.invalidChoice', 'Choose one of the options offered.'],
  ['title', 'somethingNew', 'errors.BAD_USER_INPUT', 'Some of the values entered are not valid.'],
] as const;

describe('reportFieldMessage', () => {
  it.each(REFUSALS)('%s refused as %s reads %s', (field, reason, key, english) => {
    expect(reportFieldMessage(field, reason)).toBe(key);
    expect(wordsOf('en', key)).toBe(english);
  });

  it.each(['fr', 'de', 'es', 'it', 'ar'])('has its words in %s, translated', (lang) => {
    for (const [field, reason, key, english] of REFUSALS) {
      const words = wordsOf(lang, reportFieldMessage(field, reason)!);
      expect(typeof words, key).toBe('string');
      expect(words, key).not.toBe(english);
    }
  });

  it('leaves to the page (a toast) what names no field of the form', () => {
    expect(reportFieldMessage('to', 'beforeFrom')).toBeNull();
    expect(reportFieldMessage('', 'required')).toBeNull();
  });
});
