import { type CustomLink, LOGO_IMAGE_TYPES, addressError, organizationNameError, parseIsoDate } from '@sitelens/domain';
import { blobStoreFor } from '../../blobs/blobStoreFor.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { organizationImageFolder, readImageUpload, storeImage } from '../../images/readImageUpload.ts';
import { uploadSandboxFor } from '../../uploads/uploadSandbox.ts';
import { requireCaller, requireGate, requireOrganization } from '../access/access.ts';
import { checkCustomLinks } from '../users/customLinks.ts';
import { type OrganizationPatch, findOrganization, organizationCounts, updateMigrationDeadline, updateOrganizationRow } from './organizations.repo.ts';

export async function organizationById(ctx: Context, id: number) {
  requireOrganization(ctx, id);
  const org = await findOrganization(ctx.database, id);
  if (!org) throw notFound();
  return org;
}

/** The figures of the settings page: for those who see that page (organization.general read not refused). */
export async function organizationStats(ctx: Context) {
  await requireGate(ctx, 'organizationSettings');
  return organizationCounts(ctx.database, requireCaller(ctx).organizationIds);
}

/** Records the date the old version closes for the organization (null: no migration planned). */
export async function setMigrationDeadline(ctx: Context, id: number, deadline: string | null) {
  requireOrganization(ctx, id);
  await requireGate(ctx, 'organizationEditable');
  if (deadline !== null && !parseIsoDate(deadline)) throw badInput('migrationDeadline', 'errors.invalidDate');
  await updateMigrationDeadline(ctx.database, id, deadline);
  return organizationById(ctx, id);
}

/** Fields left undefined keep their value; null clears address, logo and deadline. */
export interface OrganizationUpdate {
  name?: string;
  address?: string | null;
  /** A data: URL of a PNG, JPEG or SVG of at most 1 MB (SVG is sanitized); '' or null removes the logo. */
  logo?: string | null;
  customLinks?: CustomLink[];
  migrationDeadline?: string | null;
}

/** The organization page's save (organization.general edit); nothing is written when a field is refused. */
export async function updateOrganization(ctx: Context, id: number, input: OrganizationUpdate) {
  const current = await organizationById(ctx, id);
  await requireGate(ctx, 'organizationEditable');
  const patch: OrganizationPatch = {};
  if (input.name !== undefined) {
    const error = organizationNameError(input.name ?? '');
    if (error) throw badInput('name', error);
    patch.name = input.name.trim();
  }
  if (input.address !== undefined) {
    const address = input.address?.trim() ?? '';
    const error = addressError(address);
    if (error) throw badInput('address', error);
    patch.address = address || null;
  }
  if (input.migrationDeadline !== undefined) {
    if (input.migrationDeadline !== null && !parseIsoDate(input.migrationDeadline)) throw badInput('migrationDeadline', 'errors.invalidDate');
    patch.migrationDeadline = input.migrationDeadline;
  }
  if (input.customLinks !== undefined) patch.customLinks = checkCustomLinks(input.customLinks);
  const blobs = blobStoreFor(ctx.config);
  if (input.logo !== undefined) {
    patch.logo = input.logo ? await storeImage(blobs, organizationImageFolder(id), await readImageUpload(input.logo, LOGO_IMAGE_TYPES, 'logo', uploadSandboxFor(ctx.config), `organization:${id}`)) : null;
  }
  if (Object.keys(patch).length === 0) return current;
  const updated = await updateOrganizationRow(ctx.database, id, patch);
  if (current.logo && current.logo !== updated.logo) await blobs.delete(current.logo);
  return updated;
}
