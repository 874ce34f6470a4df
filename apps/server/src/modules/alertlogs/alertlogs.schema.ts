import { builder } from '../../graphql/builder.ts';
import { connectionRef } from '../../graphql/connectionTypes.ts';
import { ZoneRef } from '../installations/installations.schema.ts';
import type { AlertLogMetric } from './alertlogs.tables.ts';
import { type AlertLogNode, alertLogConnection } from './alertlogs.service.ts';

const AlertLogMetricRef = builder.objectRef<AlertLogMetric>('AlertLogMetric').implement({
  fields: (t) => ({
    type: t.exposeString('type'),
    threshold: t.exposeFloat('threshold'),
    value: t.exposeFloat('value'),
  }),
});

const AlertLogRef = builder.objectRef<AlertLogNode>('AlertLog').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    alertId: t.exposeInt('alertId', { nullable: true }),
    conditionType: t.exposeString('conditionType'),
    metrics: t.field({ type: [AlertLogMetricRef], resolve: (a) => a.metrics }),
    dateBegin: t.field({ type: 'DateTime', resolve: (a) => a.dateBegin }),
    dateEnd: t.field({ type: 'DateTime', nullable: true, description: 'Null while the episode lasts.', resolve: (a) => a.dateEnd }),
    installationId: t.exposeInt('installationId'),
    zoneId: t.exposeInt('zoneId', { nullable: true }),
    passageId: t.exposeInt('passageId', { nullable: true }),
    deviceId: t.exposeInt('deviceId', { nullable: true }),
    message: t.exposeString('message'),
    zone: t.field({ type: ZoneRef, nullable: true, description: 'Null when the zone was deleted.', resolve: (a) => a.zone }),
  }),
});

const AlertLogFilterInput = builder.inputType('AlertLogFilterInput', {
  fields: (t) => ({
    zoneIds: t.intList({ description: 'These zones and the zones under them; all zones when absent.' }),
    dates: t.field({ type: ['DateTime'], description: '[begin, end]: episodes overlapping that range.' }),
  }),
});

builder.queryField('alertLogConnection', (t) =>
  t.field({
    type: connectionRef('AlertLog', AlertLogRef),
    description: 'Triggered alert episodes, newest first.',
    authScopes: { signedIn: true },
    args: { filter: t.arg({ type: AlertLogFilterInput }), first: t.arg.int(), after: t.arg.string() },
    resolve: (_r, a, ctx) => alertLogConnection(ctx, a),
  }),
);
