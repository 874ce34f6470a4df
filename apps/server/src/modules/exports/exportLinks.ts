import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { type ExportLinkRow, insertExportLink, linkByToken, linksOfRecipient, revokeLink } from './exports.repo.ts';
import { recipientIsMember } from './recipientMembership.ts';

/**
 * What a download link's holder meets: AVAILABLE (the file downloads), REVOKED (its recipient or
 * the person who asked for the export revoked it), or UNAVAILABLE: unknown, expired, or its
 * recipient no longer belongs to the organization (the same answer for each, so a link says
 * nothing of its recipient's account).
 */
export type ExportLinkState = 'AVAILABLE' | 'REVOKED' | 'UNAVAILABLE';

export const exportTokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN = /^[\w-]{16,100}$/;

/** A new link to a stored file for one recipient: 24 random bytes, only their SHA-256 kept. Returns the token (for the e-mail) and the row. */
export async function createExportLink(
  database: Database,
  values: { fileId: number; requestId: number | null; organizationId: number; userId: number; expiresAt: Date },
): Promise<{ token: string; id: number }> {
  const token = randomBytes(24).toString('base64url');
  const id = await insertExportLink(database, { ...values, tokenHash: exportTokenDigest(token) });
  return { token, id };
}

/**
 * The link of a token as of now: its state, and the link itself only when it opens. Reads only: an
 * anonymous request never writes (expired files are cleared by the hourly exports.purge job).
 */
export async function openExportLink(database: Database, token: string, now: Date): Promise<{ state: ExportLinkState; link: ExportLinkRow | null }> {
  if (!TOKEN.test(token)) return { state: 'UNAVAILABLE', link: null };
  return openLink(database, await linkByToken(database, exportTokenDigest(token)), now);
}

/**
 * A signed-in user's own link to an export, as its token would open it now (the same checks: not
 * expired, not revoked, its recipient still a member of the link's organization). The caller's
 * rights and organization are the route's to check; the token itself never leaves the server.
 */
export async function openOwnExportLink(database: Database, requestId: number, userId: number, now: Date): Promise<{ state: ExportLinkState; link: ExportLinkRow | null }> {
  const links = await linksOfRecipient(database, requestId, userId);
  // The newest that still opens, else the newest (its state says why not).
  const live = links.find((l) => l.revokedAt === null && l.expiresAt.getTime() > now.getTime()) ?? links[0] ?? null;
  return openLink(database, live, now);
}

async function openLink(database: Database, link: ExportLinkRow | null, now: Date): Promise<{ state: ExportLinkState; link: ExportLinkRow | null }> {
  if (!link || link.expiresAt.getTime() <= now.getTime()) return { state: 'UNAVAILABLE', link: null };
  if (link.revokedAt) return { state: 'REVOKED', link: null };
  // Checked at each use: a recipient removed from the organization takes their links with them.
  if (!(await recipientIsMember(database, link.userId, link.organizationId))) return { state: 'UNAVAILABLE', link: null };
  return { state: 'AVAILABLE', link };
}

/** The holder of a link revokes it (from the e-mail's page): REVOKED, or UNAVAILABLE when it no longer opened. */
export async function revokeExportLinkByToken(database: Database, token: string, now: Date): Promise<ExportLinkState> {
  const { state, link } = await openExportLink(database, token, now);
  if (link) await revokeLink(database, link.id, now);
  return state === 'UNAVAILABLE' ? 'UNAVAILABLE' : 'REVOKED';
}
