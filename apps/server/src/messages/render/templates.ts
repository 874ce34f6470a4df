import { toGsm7 } from '../sms/gsm7.ts';
import type { Texts } from './messageTexts.ts';

/** What a template may use besides its data: the recipient's language and absolute links. */
export interface RenderContext {
  lang: string;
  /** An absolute address of the product (PUBLIC_URL + path), for buttons and links. */
  link(path: string): string;
}

/** The parts of an e-mail; the shared layout turns them into HTML and plain text alike. */
export type EmailBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'button'; label: string; url: string }
  /** A one-time code, shown large and left-to-right. */
  | { type: 'code'; text: string }
  /** Label and value pairs (an alert's readings, a report's key figures). */
  | { type: 'facts'; rows: Array<[string, string]> }
  | { type: 'note'; text: string };

export interface EmailContent {
  subject: string;
  /** The line mail programs show after the subject. */
  preheader?: string;
  blocks: EmailBlock[];
  /** The recipient's one-click unsubscribe address (a report's), shown in the footer and as List-Unsubscribe. */
  unsubscribeUrl?: string;
}

export interface PushContent {
  title: string;
  body: string;
  /** Opened when the notification is clicked (a path of the product or an absolute address). */
  url?: string;
  /** A later notification with the same tag replaces this one. */
  tag?: string;
}

export interface EmailTemplate<T> {
  channel: 'email';
  id: string;
  render(data: T, t: Texts, ctx: RenderContext): EmailContent;
}

export interface SmsTemplate<T> {
  channel: 'sms';
  id: string;
  render(data: T, t: Texts, ctx: RenderContext): string;
}

export interface PushTemplate<T> {
  channel: 'push';
  id: string;
  render(data: T, t: Texts, ctx: RenderContext): PushContent;
}

/**
 * An e-mail of a feature: `id` names it in the deliveries list ('alerts.triggered'), `render`
 * builds it in the recipient's language from the feature's texts (messages/locales/<lang>/<feature>.json).
 */
export const defineEmailTemplate = <T>(id: string, render: EmailTemplate<T>['render']): EmailTemplate<T> => ({ channel: 'email', id, render });

/**
 * A text message; keep it short (one SMS is 160 GSM characters, 70 with Arabic letters). Its
 * no-break spaces become plain ones: texts it shares with e-mails (an alert's pad lines) and what
 * people typed carry French no-break spaces, which are not in the GSM alphabet and would make the
 * whole SMS travel as UCS-2, 70 characters a part instead of 160. For the same reason its « » and
 * “ ” become ", CO₂ becomes CO2 and so on (toGsm7), when that makes the whole text GSM-7: French,
 * English, Italian and German always; Spanish with á ó ú and Arabic stay UCS-2 and keep them.
 */
export const defineSmsTemplate = <T>(id: string, render: SmsTemplate<T>['render']): SmsTemplate<T> => ({
  channel: 'sms',
  id,
  render: (data, t, ctx) => toGsm7(render(data, t, ctx).replace(/[\u00a0\u202f]/g, ' ')),
});

export const definePushTemplate = <T>(id: string, render: PushTemplate<T>['render']): PushTemplate<T> => ({ channel: 'push', id, render });
