import { defineEmailTemplate, definePushTemplate, defineSmsTemplate } from '../../messages/render/templates.ts';
import type { Texts } from '../../messages/render/messageTexts.ts';

/** What every alert message says; values and times arrive formatted in the recipient's language. */
export interface AlertMessageData {
  alertId: number;
  alert: string;
  conditionType: string;
  site: string;
  zone: string;
  since: string;
  value: string;
  threshold: string;
  /** The notification's own title and content from the alert form, when given. */
  title: string;
  content: string;
  reminder: boolean;
}

const condition = (t: Texts, type: string) => t(`alerts.condition.${type}`);

export const alertTriggeredEmail = defineEmailTemplate<AlertMessageData>('alerts.triggered', (d, t, ctx) => {
  const words = { alert: d.alert, condition: condition(t, d.conditionType), site: d.site, zone: d.zone, since: d.since };
  return {
    subject: d.title || (d.reminder ? t('alerts.triggered.reminder', words) : t('alerts.triggered.subject', words)),
    preheader: t('alerts.triggered.preheader', words),
    blocks: [
      { type: 'heading', text: t('alerts.triggered.heading', words) },
      { type: 'paragraph', text: t('alerts.triggered.body', words) },
      ...(d.content ? [{ type: 'paragraph' as const, text: d.content }] : []),
      { type: 'facts', rows: [[t('alerts.triggered.value'), d.value], [t('alerts.triggered.threshold'), d.threshold]] },
      { type: 'button', label: t('alerts.triggered.open'), url: ctx.link(`/alerts/${d.alertId}`) },
    ],
  };
});

export const alertTriggeredSms = defineSmsTemplate<AlertMessageData>('alerts.triggered', (d, t) =>
  [d.title, t('alerts.triggered.sms', { alert: d.alert, condition: condition(t, d.conditionType), zone: d.zone, value: d.value, threshold: d.threshold }), d.content].filter(Boolean).join('\n'),
);

export const alertTriggeredPush = definePushTemplate<AlertMessageData>('alerts.triggered', (d, t) => ({
  title: d.title || t('alerts.triggered.subject', { alert: d.alert }),
  body: d.content || t('alerts.triggered.push', { condition: condition(t, d.conditionType), zone: d.zone, value: d.value }),
  url: `/alerts/${d.alertId}`,
  tag: `alert-${d.alertId}`,
}));
