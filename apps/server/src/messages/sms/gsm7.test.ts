import { ALERT_CONDITION_TYPES, PAD_STATUS_CODES, conditionReading, formatDate, formatMetricValue } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { type AlertMessageData, alertTriggeredEmail, alertTriggeredSms } from '../../modules/alerts/alerts.messages.ts';
import { newPhoneCodeSms, phoneChangedSms } from '../../modules/auth/contactChange.messages.ts';
import { codeSms, passwordResetSms } from '../../modules/auth/signin.messages.ts';
import { invitationCodeSms } from '../../modules/invitations/invitations.messages.ts';
import { messageTexts } from '../render/messageTexts.ts';
import type { RenderContext, SmsTemplate } from '../render/templates.ts';
import { testSms } from '../testMessages.ts';
import { isGsm7, nonGsm7, smsEncoding, toGsm7 } from './gsm7.ts';

/**
 * French, English, Italian and German SMS travel as GSM-7 (160 characters, not 70): their « » “ ” „
 * become ", CO₂ becomes CO2, m² m2, °C C; the e-mails keep them. Spanish with á ó ú and Arabic stay
 * UCS-2 with their words untouched.
 */
const GSM_LANGUAGES = ['fr', 'en', 'it', 'de'] as const;
const context = (lang: string): RenderContext => ({ lang, link: (path) => `https://sitelens.example${path}` });
const render = <T>(template: SmsTemplate<T>, data: T, lang: string) => template.render(data, messageTexts(lang), context(lang));

/** What alertNotify gives the templates: values in the reader's language, times on the site's clock with the zone named. */
function alertData(lang: string, conditionType: string, over: Partial<AlertMessageData> = {}): AlertMessageData {
  const metric = conditionReading(conditionType as (typeof ALERT_CONDITION_TYPES)[number])?.metric ?? 'inside';
  const sample: Record<string, [number, number]> = { co2: [1534, 1000], temperature: [27.46, 26], humidity: [71.2, 65], density: [1.37, 1], reverseDensity: [0.42, 1.5], waitingTime: [754, 600], comfortScore: [42, 60], queueLength: [14.2, 10] };
  const [value, threshold] = sample[metric] ?? [2350, 2000];
  const when = (iso: string) => `${formatDate(Date.parse(iso), { format: lang === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY', tz: 'Europe/Paris', withTime: true })} (Europe/Paris)`;
  return {
    alertId: 7,
    alert: 'Réserve Nord',
    conditionType,
    site: 'Atelier Nord Flagship',
    zone: 'Caisses',
    since: when('2026-12-01T13:16:00Z'),
    at: when('2026-12-01T14:16:00Z'),
    value: formatMetricValue(metric, value, { locale: lang }),
    threshold: formatMetricValue(metric, threshold, { locale: lang }),
    pads: [],
    title: '',
    content: '',
    reminder: false,
    path: '/alerts/7',
    ...over,
  };
}

const pads = (lang: string) => {
  const time = `${formatDate(Date.parse('2026-12-01T13:02:00Z'), { format: 'DD/MM/YYYY', tz: 'Europe/Paris', withTime: true })} (Europe/Paris)`;
  return [...PAD_STATUS_CODES.map((status) => ({ name: `Porte ${status}`, status, time })), { name: 'Entrée Sud', status: 'internetLost', time: null }].map((p) => ({ ...p, name: `${p.name} ${lang}` }));
};

/** Every SMS an alert sends: each condition, triggered and reminder, and a status alert's pad lines. */
function alertTexts(lang: string): Array<[string, string]> {
  const cases: Array<[string, AlertMessageData]> = [];
  for (const type of ALERT_CONDITION_TYPES.filter((t) => t !== 'status')) {
    cases.push([type, alertData(lang, type)], [`${type} reminder`, alertData(lang, type, { reminder: true })]);
  }
  cases.push(['status', alertData(lang, 'status', { pads: pads(lang) })], ['status reminder', alertData(lang, 'status', { pads: pads(lang), reminder: true })]);
  cases.push(['title and content', alertData(lang, 'co2', { title: 'Aérer la réserve', content: 'Ouvrir la porte « Quai 2 »' })]);
  return cases.map(([name, data]) => [name, render(alertTriggeredSms, data, lang)]);
}

function otherTexts(lang: string): Array<[string, string]> {
  return [
    ['signin code', render(codeSms, { code: '123456', minutes: 10, reason: 'signIn' }, lang)],
    ['password reset', render(passwordResetSms, {}, lang)],
    ['phone changed', render(phoneChangedSms, {}, lang)],
    ['new phone code', render(newPhoneCodeSms, { code: '123456', minutes: 1 }, lang)],
    ['invitation code', render(invitationCodeSms, { code: '123456', minutes: 10 }, lang)],
    ['test', render(testSms, {}, lang)],
  ];
}

const outside = (texts: Array<[string, string]>) => texts.filter(([, text]) => !isGsm7(text)).map(([name, text]) => `${name}: ${nonGsm7(text).join(' ')} in ${text}`);

describe('SMS in GSM-7 where the language allows it', () => {
  it.each(GSM_LANGUAGES)('every alert SMS in %s is GSM-7, a CO2 level and pad names included', (lang) => {
    const texts = alertTexts(lang);
    expect(texts.length).toBe(2 * ALERT_CONDITION_TYPES.length + 1);
    expect(outside(texts)).toEqual([]);
    const co2 = texts.find(([name]) => name === 'co2')![1];
    expect(co2).toMatch(/CO2\b/);
    expect(co2).toContain(formatMetricValue('co2', 1534, { locale: lang }).replace(/[\u00a0\u202f]/g, ' '));
    expect(texts.find(([name]) => name === 'status')![1]).toContain(`"Porte internetLost ${lang}"`);
  });

  it('reads like the e-mail otherwise: French pad names between quotes, CO2, °C as C', () => {
    const fr = Object.fromEntries(alertTexts('fr'));
    expect(fr.co2).toBe('Alerte Sitelens Réserve Nord : Taux de CO2 à Caisses, 1 534 ppm (seuil 1 000 ppm), depuis le 01/12/2026 14:16 (Europe/Paris).');
    expect(fr.status).toContain('Le capteur de comptage "Porte internetLost fr" a perdu sa connexion internet le 01/12/2026 14:02 (Europe/Paris).');
    expect(fr.temperature).toContain('27,5 C (seuil 26,0 C)');
    expect(Object.fromEntries(alertTexts('de')).status).toContain('Zählsensor "Porte internetLost de" hat am');
    expect(smsEncoding(fr.co2!)).toEqual({ encoding: 'GSM-7', parts: 1 });
    // The e-mail of the same alert keeps its typography.
    const mail = alertTriggeredEmail.render(alertData('fr', 'co2', { pads: [] }), messageTexts('fr'), context('fr'));
    expect(JSON.stringify(mail.blocks)).toContain('Taux de CO₂');
    const statusMail = alertTriggeredEmail.render(alertData('fr', 'status', { pads: pads('fr') }), messageTexts('fr'), context('fr'));
    expect(JSON.stringify(statusMail.blocks)).toContain('«\u00a0Porte internetLost fr\u00a0»');
  });

  it.each(GSM_LANGUAGES)('the sign-in, invitation, phone and test SMS in %s are GSM-7', (lang) => {
    expect(outside(otherTexts(lang))).toEqual([]);
  });

  it('Spanish words keep their accents and Arabic its letters: those SMS stay UCS-2, marks included', () => {
    const es = alertTexts('es');
    expect(es.some(([, text]) => /[áóú]/.test(text))).toBe(true);
    for (const [, text] of es.filter(([, text]) => !isGsm7(text))) expect(text).not.toMatch(/Nivel de CO2|"/);
    const ar = Object.fromEntries(alertTexts('ar'));
    expect(smsEncoding(ar.co2!).encoding).toBe('UCS-2');
    expect(ar.co2).toBe(render(alertTriggeredSms, alertData('ar', 'co2'), 'ar'));
  });
});

describe('toGsm7', () => {
  it('writes marks and symbols plainly only when the whole text then travels as GSM-7', () => {
    expect(toGsm7('Taux de CO₂ : « Porte 3 », 21,5 °C, 1,2 p/m² — fin…')).toBe('Taux de CO2 : "Porte 3", 21,5 C, 1,2 p/m2 - fin...');
    expect(toGsm7('Counting pad “Door 3” isn’t working')).toBe('Counting pad "Door 3" isn\'t working');
    // A letter outside GSM-7 keeps the text UCS-2: nothing is respelled, and the marks stay.
    expect(toGsm7('Nivel de CO₂ en « Almacén »: ó')).toBe('Nivel de CO₂ en « Almacén »: ó');
    expect(toGsm7('Façade « Nord »')).toBe('Façade « Nord »');
  });

  it('counts the parts of each encoding', () => {
    expect(smsEncoding('a'.repeat(160))).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(smsEncoding('a'.repeat(161))).toEqual({ encoding: 'GSM-7', parts: 2 });
    expect(smsEncoding('€'.repeat(80))).toEqual({ encoding: 'GSM-7', parts: 1 });
    expect(smsEncoding('€'.repeat(81))).toEqual({ encoding: 'GSM-7', parts: 2 });
    expect(smsEncoding('ó'.repeat(70))).toEqual({ encoding: 'UCS-2', parts: 1 });
    expect(smsEncoding('ó'.repeat(71))).toEqual({ encoding: 'UCS-2', parts: 2 });
  });
});
