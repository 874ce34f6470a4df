import { defineEmailTemplate, defineSmsTemplate } from '../../messages/render/templates.ts';

export interface InvitationMail {
  token: string;
  organizationName: string;
  /** Who invited, by name; empty when unknown (a resend asked from an expired link). */
  inviterName: string;
  days: number;
}

/** The invitation: a single-use link to the onboarding wizard, valid `days` days. */
export const invitationEmail = defineEmailTemplate<InvitationMail>('invitations.invite', (data, t, ctx) => ({
  subject: t('invitations.invite.subject', { organization: data.organizationName }),
  preheader: t('invitations.invite.preheader', { days: data.days }),
  blocks: [
    { type: 'heading', text: t('invitations.invite.heading', { organization: data.organizationName }) },
    {
      type: 'paragraph',
      text: data.inviterName
        ? t('invitations.invite.bodyBy', { inviter: data.inviterName, organization: data.organizationName })
        : t('invitations.invite.body', { organization: data.organizationName }),
    },
    { type: 'button', label: t('invitations.invite.button'), url: ctx.link(`/invitation?token=${encodeURIComponent(data.token)}`) },
    { type: 'note', text: t('invitations.invite.validity', { days: data.days }) },
  ],
}));

/** The code that confirms the phone chosen for two-factor during onboarding. */
export const invitationCodeSms = defineSmsTemplate<{ code: string; minutes: number }>('invitations.code', (data, t) =>
  t('invitations.code.sms', { code: data.code, count: data.minutes }),
);
