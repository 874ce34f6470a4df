import type { OpeningHoursWindow } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { type EventRow, type InstallationRow, eventsOf, siteFamilies } from './installations.repo.ts';
import {
  type ZoneView,
  allInstallations,
  installationWithFamiliesById,
  passagesByInstallation,
  topZoneByInstallation,
  zonesByInstallation,
} from './installations.service.ts';

/**
 * Root fields that only read, through the reference cache under the data versions (a page's site and
 * its zones): an operation of these alone may run under the versions its request assumes
 * (composition/pageOperations.ts).
 */
export const READS_UNDER_DATA_VERSIONS = ['installationById', 'zonesByInstallation'] as const;

const WindowRef = builder.objectRef<OpeningHoursWindow>('OpeningHoursWindow').implement({
  fields: (t) => ({
    beginDay: t.exposeInt('beginDay'),
    beginHour: t.exposeInt('beginHour'),
    beginMinute: t.exposeInt('beginMinute'),
    endDay: t.exposeInt('endDay'),
    endHour: t.exposeInt('endHour'),
    endMinute: t.exposeInt('endMinute'),
    reset: t.exposeBoolean('reset'),
  }),
});

export const ZoneRef = builder.objectRef<ZoneView>('Zone').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    installationId: t.exposeInt('installationId'),
    parentIds: t.exposeIntList('parentIds'),
    childIds: t.exposeIntList('childIds'),
    sensorId: t.exposeInt('sensorId', { nullable: true }),
    tagIds: t.exposeIntList('tagIds'),
    isDisabled: t.exposeBoolean('isDisabled'),
    isDeleted: t.exposeBoolean('isDeleted'),
    areaM2: t.exposeFloat('areaM2', { nullable: true, description: 'Floor area in m², null when not known: a density (and an alert on one) needs it.' }),
  }),
});

export const PassageRef = builder.objectRef<{ id: number; name: string; installationId: number; zoneId: number | null }>('Passage').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    installationId: t.exposeInt('installationId'),
    zoneId: t.exposeInt('zoneId', { nullable: true }),
  }),
});

export const EventRef = builder.objectRef<EventRow>('Event').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    label: t.exposeString('name', { description: 'The name, under the other name some screens use.' }),
    installationId: t.exposeInt('installationId'),
    metrics: t.exposeStringList('metrics'),
    neverEnding: t.exposeBoolean('neverEnding'),
    dateBegin: t.field({ type: 'DateTime', resolve: (e) => e.dateBegin }),
    dateEnd: t.field({ type: 'DateTime', nullable: true, resolve: (e) => e.dateEnd }),
  }),
});

// `families` comes with the row when installationById read them in the same statement.
const InstallationRef = builder.objectRef<InstallationRow & { families?: string[] }>('Installation').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    organizationId: t.exposeInt('organizationId'),
    creationDate: t.field({ type: 'Date', resolve: (i) => i.creationDate }),
    country: t.exposeString('country', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    latitude: t.exposeFloat('latitude', { nullable: true }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
    timezone: t.exposeString('timezone'),
    opening_hours: t.field({ type: [WindowRef], resolve: (i) => i.openingHours }),
    change_of_day_time: t.exposeString('changeOfDayTime'),
    zones: t.field({ type: [ZoneRef], resolve: (i, _a, ctx) => zonesByInstallation(ctx, i.id) }),
    events: t.field({ type: [EventRef], resolve: (i, _a, ctx) => eventsOf(ctx.database, i.id) }),
    families: t.stringList({
      description: 'Metric families of the installation’s events: counting, atmosphere, energy, sales.',
      resolve: async (i, _a, ctx) => i.families ?? siteFamilies(ctx.database, i.id),
    }),
  }),
});

builder.queryFields((t) => ({
  installationById: t.field({
    type: InstallationRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => installationWithFamiliesById(ctx, a.installationId),
  }),
  allInstallations: t.field({ type: [InstallationRef], authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => allInstallations(ctx) }),
  zonesByInstallation: t.field({
    type: [ZoneRef],
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => zonesByInstallation(ctx, a.installationId),
  }),
  topZoneByInstallation: t.field({
    type: ZoneRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => topZoneByInstallation(ctx, a.installationId),
  }),
  passagesByInstallation: t.field({
    type: [PassageRef],
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => passagesByInstallation(ctx, a.installationId),
  }),
}));
