import { builder } from '../../graphql/builder.ts';
import { imageUrl } from '../../images/readImageUpload.ts';
import { CustomLinkInput, CustomLinkRef, linkFromInput } from '../users/customLinks.schema.ts';
import { storedLinks } from '../users/customLinks.ts';
import type { OrganizationFeatures } from './organizations.tables.ts';
import { type OrganizationRow, installationIdsOf } from './organizations.repo.ts';
import { createOrganization } from './organizationCreation.service.ts';
import { organizationById, organizationStats, setMigrationDeadline, updateOrganization } from './organizations.service.ts';

export const ProfileRef = builder.objectRef<{ id: number; name: string; rights: unknown }>('Profile').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    rights: t.field({ type: 'JSON', resolve: (p) => p.rights }),
  }),
});

const FeaturesRef = builder.objectRef<OrganizationFeatures>('OrganizationFeatures').implement({
  fields: (t) => ({
    dataExport: t.boolean({ resolve: (f) => f.dataExport ?? false }),
    alertsRestricted: t.boolean({ resolve: (f) => f.alertsRestricted ?? false }),
  }),
});

const OrganizationRef = builder.objectRef<OrganizationRow>('Organization').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    logo: t.string({ nullable: true, description: 'Address of the logo, for signed-in members.', resolve: (o) => imageUrl(o.logo) }),
    address: t.exposeString('address', { nullable: true }),
    installationIds: t.intList({ resolve: (o, _a, ctx) => installationIdsOf(ctx.database, o.id) }),
    migrationDeadline: t.field({ type: 'Date', nullable: true, resolve: (o) => o.migrationDeadline }),
    features: t.field({ type: FeaturesRef, resolve: (o) => o.features }),
    customLinks: t.field({ type: [CustomLinkRef], description: 'Links of every member’s header menu.', resolve: (o) => storedLinks(o.customLinks) }),
  }),
});

const StatsRef = builder
  .objectRef<{ installationCount: number; userCount: number; padCount: number; deviceAtmosphereCount: number; totalDeviceCount: number }>(
    'OrganizationStats',
  )
  .implement({
    fields: (t) => ({
      installationCount: t.exposeInt('installationCount'),
      userCount: t.exposeInt('userCount'),
      padCount: t.exposeInt('padCount'),
      deviceAtmosphereCount: t.exposeInt('deviceAtmosphereCount'),
      totalDeviceCount: t.exposeInt('totalDeviceCount'),
    }),
  });

builder.queryFields((t) => ({
  organizationById: t.field({
    type: OrganizationRef,
    nullable: true,
    authScopes: { signedIn: true },
    args: { organizationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => organizationById(ctx, a.organizationId),
  }),
  organizationStats: t.field({ type: StatsRef, authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => organizationStats(ctx) }),
}));

builder.mutationFields((t) => ({
  createOrganization: t.field({
    type: OrganizationRef,
    description: 'Creates an organization (Administrator and Viewer profiles) with the caller its administrator; only for the platform operators (PLATFORM_ADMIN_EMAILS). The caller switches to it to act in it.',
    authScopes: { signedIn: true },
    args: { name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => createOrganization(ctx, a.name),
  }),
  setMigrationDeadline: t.field({
    type: OrganizationRef,
    description: 'Sets (YYYY-MM-DD) or clears (null) the organization’s migration deadline; needs organization.general edit.',
    authScopes: { signedIn: true },
    args: { organizationId: t.arg.int({ required: true }), migrationDeadline: t.arg({ type: 'Date' }) },
    resolve: (_r, a, ctx) => setMigrationDeadline(ctx, a.organizationId, a.migrationDeadline ?? null),
  }),
  updateOrganization: t.field({
    type: OrganizationRef,
    description: 'Saves the organization page; needs organization.general edit. An argument left out keeps its value; null clears address, logo and migration deadline.',
    authScopes: { signedIn: true },
    args: {
      id: t.arg.int({ required: true }),
      name: t.arg.string(),
      address: t.arg.string(),
      logo: t.arg.string({ description: 'A data: URL (base64) of a PNG, JPEG or SVG of at most 1 MB; SVG is sanitized. Empty or null removes the logo.' }),
      customLinks: t.arg({ type: [CustomLinkInput] }),
      migrationDeadline: t.arg({ type: 'Date' }),
    },
    resolve: (_r, a, ctx) =>
      updateOrganization(ctx, a.id, {
        name: a.name ?? undefined,
        address: a.address,
        logo: a.logo,
        customLinks: a.customLinks?.map(linkFromInput),
        migrationDeadline: a.migrationDeadline,
      }),
  }),
}));
