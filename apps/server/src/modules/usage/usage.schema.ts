// Usage events (spec 001 §4, spec 002 §7): the web app's tracking calls, stored only with consent.
import { USAGE_EVENT_NAMES } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { connectionRef } from '../../graphql/connectionTypes.ts';
import type { UsageEventRow } from './usage.repo.ts';
import { type UsageResult, recordUsageEvents, usageEventsPage } from './usage.service.ts';

const UsageEventInputRef = builder.inputType('UsageEventInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: `One of: ${USAGE_EVENT_NAMES.join(', ')}.` }),
    properties: t.field({ type: 'JSON', description: 'A JSON object of at most 4 KB.' }),
    at: t.field({ type: 'DateTime', required: true }),
  }),
});

const UsageResultRef = builder.objectRef<UsageResult>('UsageEventsResult').implement({
  fields: (t) => ({
    stored: t.exposeInt('stored', { description: 'How many events were stored (0 without consent).' }),
    consent: t.exposeBoolean('consent', { description: 'False when the request carried no consent cookie (sitelens_consent=1): nothing was stored.' }),
  }),
});

builder.mutationField('recordUsageEvents', (t) =>
  t.field({
    type: UsageResultRef,
    authScopes: { signedIn: true },
    args: { events: t.arg({ type: [UsageEventInputRef], required: true }) },
    resolve: (_r, a, ctx) => recordUsageEvents(ctx, a.events),
  }),
);

const UsageEventRef = builder.objectRef<UsageEventRow>('UsageEvent').implement({
  description: 'A usage (tracking) event as stored: its user by id only, its properties without names or e-mail addresses.',
  fields: (t) => ({
    id: t.field({ type: 'String', description: 'Opaque, unique.', resolve: (e) => String(e.id) }),
    name: t.exposeString('name'),
    properties: t.field({ type: 'JSON', resolve: (e) => e.properties }),
    userId: t.exposeInt('userId', { nullable: true, description: 'Null once the user is deleted.' }),
    at: t.field({ type: 'DateTime', description: 'When it happened, by the browser’s clock.', resolve: (e) => e.at }),
    receivedAt: t.field({ type: 'DateTime', resolve: (e) => e.receivedAt }),
  }),
});

builder.queryField('usageEvents', (t) =>
  t.field({
    type: connectionRef('UsageEvent', UsageEventRef),
    description: "The organization's usage events, newest first (administrators).",
    authScopes: { signedIn: true },
    args: { first: t.arg.int(), after: t.arg.string(), name: t.arg.string({ description: `One of: ${USAGE_EVENT_NAMES.join(', ')}.` }) },
    resolve: (_r, a, ctx) => usageEventsPage(ctx, a),
  }),
);
