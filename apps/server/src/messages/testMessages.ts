import { defineEmailTemplate, definePushTemplate, defineSmsTemplate } from './render/templates.ts';

/** The e-mail an administrator sends to check the mail settings. */
export const testEmail = defineEmailTemplate<{ name: string }>('messages.test', (data, t, ctx) => ({
  subject: t('messages.test.email.subject'),
  preheader: t('messages.test.email.heading'),
  blocks: [
    { type: 'heading', text: t('messages.test.email.heading') },
    { type: 'paragraph', text: t('messages.test.email.body', { name: data.name }) },
    { type: 'button', label: t('messages.test.email.button'), url: ctx.link('/') },
  ],
}));

export const testSms = defineSmsTemplate<Record<string, never>>('messages.test', (_data, t) => t('messages.test.sms'));

/** What a browser shows when its user turns notifications on. */
export const testPush = definePushTemplate<Record<string, never>>('messages.test', (_data, t) => ({
  title: t('messages.test.push.title'),
  body: t('messages.test.push.body'),
  url: '/user-profile/preferences',
  tag: 'sitelens-test',
}));
