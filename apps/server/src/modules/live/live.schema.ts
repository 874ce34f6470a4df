import { builder } from '../../graphql/builder.ts';
import type { LiveReading } from '../../live/livePubSub.ts';
import type { LatestValue } from './live.repo.ts';
import { liveInflow, liveValues, subscribeLiveReadings } from './live.service.ts';

const LiveReadingRef = builder.objectRef<LiveReading>('LiveReading').implement({
  fields: (t) => ({
    targetKind: t.exposeString('targetKind'),
    targetId: t.exposeInt('targetId'),
    metric: t.exposeString('metric'),
    breakdown: t.exposeString('breakdown'),
    ts: t.exposeString('ts'),
    value: t.exposeFloat('value'),
  }),
});

const LiveValueRef = builder.objectRef<LatestValue>('LiveValue').implement({
  fields: (t) => ({
    targetKind: t.exposeString('targetKind'),
    targetId: t.exposeInt('targetId'),
    label: t.exposeString('label'),
    metric: t.exposeString('metric'),
    ts: t.field({ type: 'DateTime', resolve: (v) => v.ts }),
    value: t.exposeFloat('value'),
  }),
});

const scopeArgs = builder.args((t) => ({
  installationId: t.int({ required: true }),
  metrics: t.stringList(),
  targetKind: t.string(),
  targetIds: t.intList(),
}));

builder.queryFields((t) => ({
  liveValues: t.field({ type: [LiveValueRef], authScopes: { signedIn: true }, args: scopeArgs, resolve: (_r, a, ctx) => liveValues(ctx, a) }),
  liveInflow: t.float({
    description: 'People in over the rolling 15-minute window.',
    authScopes: { signedIn: true },
    args: scopeArgs,
    resolve: (_r, a, ctx) => liveInflow(ctx, a),
  }),
}));

builder.subscriptionField('liveReadings', (t) =>
  t.field({
    type: [LiveReadingRef],
    authScopes: { signedIn: true },
    args: scopeArgs,
    subscribe: (_r, a, ctx) => subscribeLiveReadings(ctx, a),
    resolve: (batch: LiveReading[]) => batch,
  }),
);
