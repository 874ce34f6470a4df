// Usage events (spec 001 §4, spec 002 §7): the web app's tracking calls, stored only with consent.
import { USAGE_EVENT_NAMES } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { type UsageResult, recordUsageEvents } from './usage.service.ts';

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
