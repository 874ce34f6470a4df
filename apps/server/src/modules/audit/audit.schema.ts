import { builder } from '../../graphql/builder.ts';
import type { AuditEntryRow } from './audit.repo.ts';
import { auditLog } from './audit.service.ts';

const AuditEntryRef = builder.objectRef<AuditEntryRow>('AuditEntry').implement({
  description: 'A mutation made by an administrator viewing the product as a user, or the start of a view-as.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    createdAt: t.field({ type: 'DateTime', resolve: (e) => e.createdAt }),
    adminUserId: t.exposeInt('adminUserId', { nullable: true }),
    adminEmail: t.exposeString('adminEmail'),
    userId: t.exposeInt('userId', { nullable: true }),
    userEmail: t.exposeString('userEmail'),
    operation: t.exposeString('operation', { description: 'The mutation, e.g. `updateUserProfile`; the web app words it.' }),
    objectName: t.exposeString('objectName', { nullable: true, description: 'What it acted on (a user, an alert, a dashboard...), named as it was then.' }),
    changedFields: t.stringList({
      description: 'The fields it changed, by name (`firstName`, `theme`, `conditions`...), never their values.',
      resolve: (e) => e.changedFields,
    }),
    outcome: t.exposeString('outcome', { description: 'OK, or the code that refused the call.' }),
  }),
});

builder.queryField('auditLog', (t) =>
  t.field({
    type: [AuditEntryRef],
    description: 'Administrators: what was done while viewing as users, newest first.',
    authScopes: { signedIn: true },
    args: { first: t.arg.int({ defaultValue: 50 }), offset: t.arg.int({ defaultValue: 0 }) },
    resolve: (_r, a, ctx) => auditLog(ctx, { first: a.first ?? 50, offset: a.offset ?? 0 }),
  }),
);
