import { builder } from '../../graphql/builder.ts';
import { badInput } from '../../graphql/errors.ts';
import { type ContactChange, confirmEmailChange, confirmPhoneChange, requestEmailChange, requestPhoneChange, undoEmailChange } from './contactChange.ts';
import { UserRef } from '../users/users.schema.ts';

const ContactChangeStatusEnum = builder.enumType('ContactChangeStatus', {
  description: 'PROOF_CODE_SENT: an account without a password got a code at its current address, to send back as `code`; CONFIRMATION_SENT: the link (e-mail) or code (phone) went to the new contact; DONE: nothing left to confirm.',
  values: ['PROOF_CODE_SENT', 'CONFIRMATION_SENT', 'DONE'] as const,
});

const ContactChangeRef = builder.objectRef<ContactChange>('ContactChange').implement({
  fields: (t) => ({
    status: t.field({ type: ContactChangeStatusEnum, resolve: (c) => c.status }),
    sentTo: t.exposeString('sentTo', { nullable: true, description: 'The address or phone the code or link went to.' }),
    user: t.field({ type: UserRef, resolve: (c) => c.user }),
  }),
});

const MAX = { email: 320, phone: 40, password: 256, code: 20, token: 200 };
function bound(args: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(args)) {
    const limit = MAX[field as keyof typeof MAX];
    if (typeof value === 'string' && limit !== undefined && value.length > limit) throw badInput(field, 'errors.tooLong');
  }
}

builder.mutationField('requestEmailChange', (t) =>
  t.field({
    type: ContactChangeRef,
    description: 'A new sign-in address for oneself, with the current password (or, without one, the code this call e-mails first). Takes effect once the link sent to the new address is opened; the old address is told, with an undo link. Not while viewing as.',
    authScopes: { signedIn: true },
    args: { email: t.arg.string({ required: true }), password: t.arg.string(), code: t.arg.string() },
    resolve: (_r, a, ctx) => (bound(a), requestEmailChange(ctx, a.email, { password: a.password, code: a.code })),
  }),
);

builder.mutationField('confirmEmailChange', (t) =>
  t.string({
    description: 'The link sent to the new address: it becomes the sign-in address (returned). No sign-in needed; the token is the key.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a), confirmEmailChange(ctx, a.token)),
  }),
);

builder.mutationField('undoEmailChange', (t) =>
  t.string({
    description: 'The link sent to the old address: keeps or gives it back (returned) and ends every session of the account.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a), undoEmailChange(ctx, a.token)),
  }),
);

builder.mutationField('requestPhoneChange', (t) =>
  t.field({
    type: ContactChangeRef,
    description: 'A new phone (E.164; an empty string removes it) for oneself, with the same proof as requestEmailChange. A code goes to the new phone; confirmPhoneChange sets it. Not while viewing as.',
    authScopes: { signedIn: true },
    args: { phone: t.arg.string({ required: true }), password: t.arg.string(), code: t.arg.string() },
    resolve: (_r, a, ctx) => (bound(a), requestPhoneChange(ctx, a.phone, { password: a.password, code: a.code })),
  }),
);

builder.mutationField('confirmPhoneChange', (t) =>
  t.field({
    type: UserRef,
    description: 'The code sent to the new phone: the number changes, verified; the old contacts are told.',
    authScopes: { signedIn: true },
    args: { code: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => (bound(a), confirmPhoneChange(ctx, a.code)),
  }),
);
