import { defineEmailTemplate, definePushTemplate, defineSmsTemplate } from '../../messages/render/templates.ts';
import type { Texts } from '../../messages/render/messageTexts.ts';

/** A status condition's pad in the message: its name, the state it is in, since when (null: it never reported). */
export interface AlertPadLine {
  name: string;
  status: string;
  time: string | null;
}

/**
 * What every alert message says; values and times arrive formatted for the recipient: numbers in
 * their language, dates in their date format on the site's clock, the site's time zone named.
 */
export interface AlertMessageData {
  alertId: number;
  alert: string;
  conditionType: string;
  site: string;
  zone: string;
  /** The episode's begin: "01/12/2026 14:16 (Europe/Paris)". */
  since: string;
  /** When this notification was due (a reminder's value is measured then), same format. */
  at: string;
  /** Measured when this notification was due: at the trigger, or now for a reminder. */
  value: string;
  threshold: string;
  /** A status condition's pads in one of its states: the message names each, and what became of it. */
  pads: AlertPadLine[];
  /** The notification's own title and content from the alert form, when given. */
  title: string;
  content: string;
  reminder: boolean;
  /** The page the button opens (one the recipient may open); null: no button (an outside contact has no account). */
  path: string | null;
}

const condition = (t: Texts, type: string) => t(`alerts.condition.${type}`);

/** "Counting pad “Door 3” lost its internet connection at 01/12/2026 14:02 (Europe/Paris)." */
const padLine = (t: Texts, p: AlertPadLine) => (p.time === null && p.status !== 'operational' ? t('alerts.pad.never', { pad: p.name }) : t(`alerts.pad.${p.status}`, { pad: p.name, time: p.time ?? '-' }));
const isStatus = (d: AlertMessageData) => d.conditionType === 'status' && d.pads.length > 0;

export const alertTriggeredEmail = defineEmailTemplate<AlertMessageData>('alerts.triggered', (d, t, ctx) => {
  const words = { alert: d.alert, condition: condition(t, d.conditionType), site: d.site, zone: d.zone, since: d.since };
  const facts: Array<[string, string]> = [
    [d.reminder ? t('alerts.triggered.valueAt', { time: d.at }) : t('alerts.triggered.value'), d.value],
    [t('alerts.triggered.threshold'), d.threshold],
  ];
  return {
    subject: d.title || (d.reminder ? t('alerts.triggered.reminder', words) : t('alerts.triggered.subject', words)),
    preheader: isStatus(d) ? padLine(t, d.pads[0]!) : t('alerts.triggered.preheader', words),
    blocks: [
      { type: 'heading', text: d.reminder ? t('alerts.triggered.reminderHeading', words) : t('alerts.triggered.heading', words) },
      ...(isStatus(d)
        ? [...d.pads.map((p) => ({ type: 'paragraph' as const, text: padLine(t, p) })), { type: 'paragraph' as const, text: t('alerts.triggered.statusBody', words) }]
        : [{ type: 'paragraph' as const, text: t('alerts.triggered.body', words) }]),
      ...(d.content ? [{ type: 'paragraph' as const, text: d.content }] : []),
      ...(isStatus(d) ? [] : [{ type: 'facts' as const, rows: facts }]),
      ...(d.path ? [{ type: 'button' as const, label: t('alerts.triggered.open'), url: ctx.link(d.path) }] : []),
    ],
  };
});

/** A reminder says so in its first words, and gives the value measured now. */
export const alertTriggeredSms = defineSmsTemplate<AlertMessageData>('alerts.triggered', (d, t) => {
  const text = isStatus(d)
    ? t(d.reminder ? 'alerts.triggered.smsStatusReminder' : 'alerts.triggered.smsStatus', { alert: d.alert, lines: d.pads.map((p) => padLine(t, p)).join(' ') })
    : t(d.reminder ? 'alerts.triggered.smsReminder' : 'alerts.triggered.sms', { alert: d.alert, condition: condition(t, d.conditionType), zone: d.zone, value: d.value, threshold: d.threshold, since: d.since });
  return [d.title, text, d.content].filter(Boolean).join('\n');
});

export const alertTriggeredPush = definePushTemplate<AlertMessageData>('alerts.triggered', (d, t) => ({
  title: d.title || (d.reminder ? t('alerts.triggered.reminder', { alert: d.alert }) : t('alerts.triggered.subject', { alert: d.alert })),
  body: d.content || (isStatus(d) ? padLine(t, d.pads[0]!) : t(d.reminder ? 'alerts.triggered.pushReminder' : 'alerts.triggered.push', { condition: condition(t, d.conditionType), zone: d.zone, value: d.value })),
  url: d.path ?? `/alerts?alert=${d.alertId}`,
  tag: `alert-${d.alertId}`,
}));
