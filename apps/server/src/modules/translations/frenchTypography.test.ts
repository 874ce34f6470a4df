import { describe, expect, it } from 'vitest';
import { loadMessageCatalogues } from '../../messages/render/messageTexts.ts';
import { nonGsm7 } from '../../messages/sms/gsm7.ts';
import { loadCatalogues } from './catalogues.ts';

/**
 * French sets a no-break space (U+00A0) before : ; ? ! and inside « », so that a line never starts
 * with the mark: every namespace of the interface's catalogues, and every e-mail (and push) text of
 * the messages' catalogues. Their SMS texts keep ordinary spaces: a no-break space is not in the
 * GSM alphabet, and one would make every SMS travel as UCS-2, 70 characters a part instead of 160.
 */

function texts(value: unknown, key: string): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, `${key}.${k}`));
  return [];
}

/** An ordinary space before the mark, or after «: the mark may start the next line. */
const breakable = /[ \t][:;?!»]|«[ \t]/;
const NO_BREAK = /[\u00a0\u202f]/;
const listed = (entries: Array<[string, string]>) => entries.map(([key, text]) => `${key}: ${text}`);

const french = loadCatalogues().texts.get('fr') ?? {};
const CHECKED_NAMESPACES = Object.keys(french);

describe('French typography', () => {
  it('reads every namespace of the French catalogue', () => {
    expect(CHECKED_NAMESPACES).toEqual(expect.arrayContaining(['help', 'tutorial', 'sales', 'alerts', 'profile']));
  });

  it.each(CHECKED_NAMESPACES)('fr/%s has a no-break space before : ; ? ! and inside « »', (namespace) => {
    const entries = texts(french[namespace], namespace);
    expect(entries.length).toBeGreaterThan(0);
    expect(listed(entries.filter(([, text]) => breakable.test(text)))).toEqual([]);
  });
});

// An SMS text is one whose key has a part named sms… (alerts.triggered.smsReminder,
// signin.code.signIn.sms_one): the SMS templates choose only those, besides the alerts' pad lines
// and condition names they share with the e-mails (their SMS turns no-break spaces into plain ones).
const messages = [...loadMessageCatalogues().get('fr')!];
const isSms = (key: string) => key.split('.').some((part) => part.startsWith('sms'));
const sms = messages.filter(([key]) => isSms(key));
const mails = messages.filter(([key]) => !isSms(key));

describe('French typography of the e-mails and SMS (messages/locales/fr)', () => {
  it('tells the SMS texts from the e-mail ones', () => {
    expect(sms.map(([key]) => key)).toEqual(expect.arrayContaining(['alerts.triggered.sms', 'alerts.triggered.smsStatusReminder', 'signin.code.signIn.sms_one', 'messages.test.sms']));
    expect(mails.map(([key]) => key)).toEqual(expect.arrayContaining(['alerts.triggered.subject', 'alerts.pad.internetLost', 'messages.layout.footer', 'reports.export.linkBody_one']));
  });

  it('e-mail texts have a no-break space before : ; ? ! and inside « »', () => {
    // Stricter than the interface's rule: no mark glued to its word either (placeholders and times like 08:00 aside).
    const unspaced = (text: string) => /(^|[^\u00a0\u202f])[:;?!»]|«[^\u00a0\u202f]/.test(text.replace(/\{\{[^}]*\}\}/g, 'x').replace(/\d:\d/g, ''));
    expect(listed(mails.filter(([, text]) => unspaced(text)))).toEqual([]);
    // Held to it, not merely spared: the marks are there, after no-break spaces.
    expect(mails.filter(([, text]) => NO_BREAK.test(text)).length).toBeGreaterThan(10);
  });

  it('SMS texts keep plain spaces (GSM-7) before : ; ? ! and have no no-break space', () => {
    expect(listed(sms.filter(([, text]) => NO_BREAK.test(text)))).toEqual([]);
    expect(sms.filter(([, text]) => / [:?]/.test(text)).length).toBeGreaterThan(5);
  });

  it('SMS texts are written in the GSM alphabet, so that a part holds 160 characters', () => {
    // GSM 03.38's default alphabet and its extension table: French has é è à ù but neither ê nor ’ nor a no-break space.
    expect(listed(sms.filter(([, text]) => nonGsm7(text).length > 0))).toEqual([]);
  });
});
