import { defineEmailTemplate } from '../../messages/render/templates.ts';

/** To the user whose two-factor an administrator reset: who did it, and what to do now. */
export const twoFactorResetEmail = defineEmailTemplate<{ by: string }>('account.twoFactorReset', (data, t) => ({
  subject: t('account.twoFactorReset.subject'),
  blocks: [
    { type: 'heading', text: t('account.twoFactorReset.subject') },
    { type: 'paragraph', text: t('account.twoFactorReset.body', { by: data.by }) },
    { type: 'paragraph', text: t('account.twoFactorReset.next') },
    { type: 'note', text: t('account.twoFactorReset.notYou') },
  ],
}));
