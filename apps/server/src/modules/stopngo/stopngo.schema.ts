import { builder } from '../../graphql/builder.ts';
import { EventRef } from '../installations/installations.schema.ts';
import type { DisplayState } from './screenStream.ts';
import { screenStream } from './screenStream.ts';
import type { SiteOccupancy } from './siteOccupancy.ts';
import {
  type ScreenView,
  createStopNGoScreen,
  deleteStopNGoScreen,
  eventById,
  eventStopNGo,
  renewStopNGoScreenSecret,
  stopNGoOccupancy,
  stopNGoScreens,
  updateEventStopNGoLimit,
} from './stopngo.service.ts';

const StateEnum = builder.enumType('StopNGoState', { values: ['GO', 'STOP', 'OFF'] as const });
const DisplayStateEnum = builder.enumType('StopNGoDisplayState', {
  description: 'GO, STOP, OFF (no limit in force), or REMOVED (the screen was deleted or its address renewed).',
  values: ['GO', 'STOP', 'OFF', 'REMOVED'] as const,
});
const ScreenStatusEnum = builder.enumType('StopNGoScreenStatus', { values: ['ACTIVE', 'INACTIVE'] as const });

const EventStopNGoRef = builder.objectRef<{ limit: number | null }>('EventStopNGo').implement({
  fields: (t) => ({ limit: t.exposeInt('limit', { nullable: true, description: 'Visitors inside at most; null when Stop&Go is not set up.' }) }),
});

builder.objectField(EventRef, 'stopngo', (t) =>
  t.field({ type: EventStopNGoRef, nullable: true, description: 'Needs app.stopNGO read (or edit).', resolve: (e, _a, ctx) => eventStopNGo(ctx, e) }),
);

const OccupancyRef = builder.objectRef<SiteOccupancy>('StopNGoOccupancy').implement({
  fields: (t) => ({
    installationId: t.exposeInt('installationId'),
    eventId: t.exposeInt('eventId', { nullable: true, description: 'The event whose limit applies; null when none is in force.' }),
    inside: t.exposeInt('inside'),
    limit: t.exposeInt('limit', { nullable: true }),
    placesLeft: t.exposeInt('placesLeft', { nullable: true }),
    state: t.field({ type: StateEnum, resolve: (o) => o.state }),
    at: t.field({ type: 'DateTime', resolve: (o) => o.at }),
  }),
});

const ScreenRef = builder.objectRef<ScreenView>('StopNGoScreen').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    eventId: t.exposeInt('eventId'),
    installationId: t.exposeInt('installationId'),
    language: t.exposeString('language'),
    secondLanguage: t.exposeString('secondLanguage', { nullable: true }),
    status: t.field({ type: ScreenStatusEnum, resolve: (s) => (s.active ? 'ACTIVE' : 'INACTIVE') }),
    lastSeenAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.lastSeenAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
  }),
});

const ScreenWithSecretRef = builder.objectRef<{ screen: ScreenView; secret: string }>('StopNGoScreenWithSecret').implement({
  fields: (t) => ({
    screen: t.field({ type: ScreenRef, resolve: (r) => r.screen }),
    secret: t.exposeString('secret', { description: 'Shown once: the screen’s address is /stop-n-go/screen#<secret>.' }),
  }),
});

const DisplayRef = builder.objectRef<DisplayState>('StopNGoDisplay').implement({
  fields: (t) => ({
    state: t.field({ type: DisplayStateEnum, resolve: (d) => d.state }),
    inside: t.exposeInt('inside', { nullable: true }),
    limit: t.exposeInt('limit', { nullable: true }),
    placesLeft: t.exposeInt('placesLeft', { nullable: true }),
    language: t.exposeString('language', { nullable: true }),
    secondLanguage: t.exposeString('secondLanguage', { nullable: true }),
    at: t.field({ type: 'DateTime', resolve: (d) => d.at }),
  }),
});

const ScreenInput = builder.inputType('StopNGoScreenInput', {
  fields: (t) => ({
    eventId: t.int({ required: true }),
    name: t.string({ required: true }),
    language: t.string({ required: true }),
    secondLanguage: t.string(),
  }),
});

builder.queryFields((t) => ({
  eventById: t.field({
    type: EventRef,
    authScopes: { signedIn: true },
    args: { eventId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => eventById(ctx, a.eventId),
  }),
  stopNGoScreens: t.field({
    type: [ScreenRef],
    authScopes: { signedIn: true },
    args: { eventId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => stopNGoScreens(ctx, a.eventId),
  }),
  stopNGoOccupancy: t.field({
    type: OccupancyRef,
    description: 'People inside the event’s site now against the event’s limit.',
    authScopes: { signedIn: true },
    args: { eventId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => stopNGoOccupancy(ctx, a.eventId),
  }),
}));

builder.mutationFields((t) => ({
  updateEventStopNGoLimit: t.field({
    type: EventRef,
    description: 'Sets (create right), changes (edit right) or removes with null (delete right) the event’s limit.',
    authScopes: { signedIn: true },
    args: { eventId: t.arg.int({ required: true }), limit: t.arg.int() },
    resolve: (_r, a, ctx) => updateEventStopNGoLimit(ctx, a.eventId, a.limit),
  }),
  createStopNGoScreen: t.field({
    type: ScreenWithSecretRef,
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ScreenInput, required: true }) },
    resolve: (_r, a, ctx) => createStopNGoScreen(ctx, a.input),
  }),
  renewStopNGoScreenSecret: t.field({
    type: ScreenWithSecretRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => renewStopNGoScreenSecret(ctx, a.id),
  }),
  deleteStopNGoScreen: t.int({
    description: 'The deleted screen’s id.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deleteStopNGoScreen(ctx, a.id),
  }),
}));

builder.subscriptionField('stopNGoDisplay', (t) =>
  t.field({
    type: DisplayRef,
    description: 'An entrance screen’s state, read with its secret alone (no sign-in); it opens nothing else.',
    args: { secret: t.arg.string({ required: true }) },
    subscribe: (_r, a, ctx) => screenStream(ctx, a.secret),
    resolve: (d: DisplayState) => d,
  }),
);
