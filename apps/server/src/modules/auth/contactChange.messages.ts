import { defineEmailTemplate, defineSmsTemplate } from '../../messages/render/templates.ts';

/** To the NEW address: the single-use link that makes it the sign-in address. */
export const emailChangeConfirmEmail = defineEmailTemplate<{ token: string; minutes: number }>('account.emailChange.confirm', (data, t, ctx) => ({
  subject: t('account.emailChange.confirm.subject'),
  preheader: t('account.emailChange.confirm.preheader', { minutes: data.minutes }),
  blocks: [
    { type: 'heading', text: t('account.emailChange.confirm.heading') },
    { type: 'paragraph', text: t('account.emailChange.confirm.body', { minutes: data.minutes }) },
    { type: 'button', label: t('account.emailChange.confirm.button'), url: ctx.link(`/confirm-email?token=${encodeURIComponent(data.token)}`) },
    { type: 'note', text: t('account.emailChange.confirm.notYou') },
  ],
}));

/** To the OLD address: what was asked, and the link that undoes it. */
export const emailChangeNoticeEmail = defineEmailTemplate<{ email: string; undoToken: string; days: number }>('account.emailChange.notice', (data, t, ctx) => ({
  subject: t('account.emailChange.notice.subject'),
  preheader: t('account.emailChange.notice.body', { email: data.email }),
  blocks: [
    { type: 'heading', text: t('account.emailChange.notice.heading') },
    { type: 'paragraph', text: t('account.emailChange.notice.body', { email: data.email }) },
    { type: 'paragraph', text: t('account.emailChange.notice.undoBody', { days: data.days }) },
    { type: 'button', label: t('account.emailChange.notice.button'), url: ctx.link(`/undo-email-change?token=${encodeURIComponent(data.undoToken)}`) },
  ],
}));

/** To the account's address once its phone changed or was removed. */
export const phoneChangedEmail = defineEmailTemplate<{ phone: string | null }>('account.phoneChange.notice', (data, t) => ({
  subject: t('account.phoneChange.notice.subject'),
  blocks: [
    { type: 'heading', text: t('account.phoneChange.notice.subject') },
    { type: 'paragraph', text: data.phone ? t('account.phoneChange.notice.body', { phone: `\u2066${data.phone}\u2069` }) : t('account.phoneChange.notice.removed') },
    { type: 'note', text: t('account.phoneChange.notice.notYou') },
  ],
}));

/** To the OLD phone once the number changed. */
export const phoneChangedSms = defineSmsTemplate<Record<string, never>>('account.phoneChange.notice', (_data, t) => t('account.phoneChange.sms'));

/** The code that proves a change: to the current address (accounts without a password) or to the new phone. */
export const proofCodeEmail = defineEmailTemplate<{ code: string; minutes: number }>('account.code.proof', (data, t) => ({
  subject: t('account.code.proof.subject'),
  preheader: t('account.code.validity', { minutes: data.minutes }),
  blocks: [
    { type: 'heading', text: t('account.code.proof.subject') },
    { type: 'paragraph', text: t('account.code.proof.body') },
    { type: 'code', text: data.code },
    { type: 'note', text: t('account.code.validity', { minutes: data.minutes }) },
  ],
}));

export const newPhoneCodeSms = defineSmsTemplate<{ code: string; minutes: number }>('account.code.phone', (data, t) =>
  t('account.code.phone.sms', { code: data.code, minutes: data.minutes }),
);
