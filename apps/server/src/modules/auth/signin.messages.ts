import { defineEmailTemplate, defineSmsTemplate } from '../../messages/render/templates.ts';

/** Why a code is sent: the second step of a sign-in, or the check of a new two-factor contact. */
export type CodeReason = 'signIn' | 'verify';

export const passwordResetEmail = defineEmailTemplate<{ token: string; minutes: number }>('signin.reset', (data, t, ctx) => ({
  subject: t('signin.reset.subject'),
  preheader: t('signin.reset.preheader', { count: data.minutes }),
  blocks: [
    { type: 'heading', text: t('signin.reset.heading') },
    { type: 'paragraph', text: t('signin.reset.body', { count: data.minutes }) },
    { type: 'button', label: t('signin.reset.button'), url: ctx.link(`/reset-password-confirm?token=${encodeURIComponent(data.token)}`) },
    { type: 'note', text: t('signin.reset.notYou') },
  ],
}));

/** To the phone of a user whose two-factor is by SMS, once their password was reset by e-mail. */
export const passwordResetSms = defineSmsTemplate<Record<string, never>>('signin.resetDone', (_data, t) => t('signin.resetDone.sms'));

export const codeEmail = defineEmailTemplate<{ code: string; minutes: number; reason: CodeReason }>('signin.code', (data, t) => ({
  subject: t(`signin.code.${data.reason}.subject`),
  preheader: t('signin.code.validity', { count: data.minutes }),
  blocks: [
    { type: 'heading', text: t(`signin.code.${data.reason}.subject`) },
    { type: 'paragraph', text: t(`signin.code.${data.reason}.body`) },
    { type: 'code', text: data.code },
    { type: 'note', text: t('signin.code.validity', { count: data.minutes }) },
  ],
}));

export const codeSms = defineSmsTemplate<{ code: string; minutes: number; reason: CodeReason }>('signin.code', (data, t) =>
  t(`signin.code.${data.reason}.sms`, { code: data.code, count: data.minutes }),
);
