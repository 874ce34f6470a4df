import { builder } from '../../graphql/builder.ts';
import { connectionRef } from '../../graphql/connectionTypes.ts';
import { allEvents, allEventsByInstallation, eventConnection } from './events.service.ts';
import type { DeviceRow } from './lookups.repo.ts';
import { EventRef, PassageRef, ZoneRef } from './installations.schema.ts';
import { devicesByInstallation, passagesByIds, sites, topZonesWithTags, zonesByIds, zonesByTags } from './installations.service.ts';
import type { ZoneView } from './zoneViews.ts';

const DeviceRef = builder.objectRef<DeviceRow & { zone: ZoneView | null }>('Device').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    kind: t.exposeString('kind'),
    installationId: t.exposeInt('installationId'),
    passageId: t.exposeInt('passageId', { nullable: true }),
    zone: t.field({ type: ZoneRef, nullable: true, resolve: (d) => d.zone }),
  }),
});

const EventConnectionRef = connectionRef('Event', EventRef);

builder.queryFields((t) => ({
  zonesByIds: t.field({
    type: [ZoneRef],
    description: 'The zones of these ids the caller may see (others are left out).',
    authScopes: { signedIn: true },
    args: { zoneIds: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => zonesByIds(ctx, a.zoneIds),
  }),
  zonesByTags: t.field({
    type: [ZoneRef],
    description: 'Zones carrying at least one of these tags.',
    authScopes: { signedIn: true },
    args: { tagIds: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => zonesByTags(ctx, a.tagIds),
  }),
  topZonesWithTags: t.field({
    type: [ZoneRef],
    description: 'Each site’s top zone with its tags; with tagIds, only those carrying one of them.',
    authScopes: { signedIn: true },
    args: { tagIds: t.arg.intList() },
    resolve: (_r, a, ctx) => topZonesWithTags(ctx, a.tagIds),
  }),
  sites: t.field({
    type: [ZoneRef],
    description: 'The zones of type TOP of every installation of the caller’s organizations.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => sites(ctx),
  }),
  passagesByIds: t.field({
    type: [PassageRef],
    description: 'The passages of these ids the caller may see (others are left out).',
    authScopes: { signedIn: true },
    args: { passageIds: t.arg.intList({ required: true }) },
    resolve: (_r, a, ctx) => passagesByIds(ctx, a.passageIds),
  }),
  devicesAtmosphereByInstallation: t.field({
    type: [DeviceRef],
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => devicesByInstallation(ctx, a.installationId, 'atmosphere'),
  }),
  padsByInstallation: t.field({
    type: [DeviceRef],
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => devicesByInstallation(ctx, a.installationId, 'pad'),
  }),
  allEvents: t.field({ type: [EventRef], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => allEvents(ctx) }),
  allEventsByInstallation: t.field({
    type: [EventRef],
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => allEventsByInstallation(ctx, a.installationId),
  }),
  eventConnection: t.field({
    type: EventConnectionRef,
    authScopes: { signedIn: true },
    args: { first: t.arg.int(), after: t.arg.string(), installationId: t.arg.int() },
    resolve: (_r, a, ctx) => eventConnection(ctx, a),
  }),
}));
