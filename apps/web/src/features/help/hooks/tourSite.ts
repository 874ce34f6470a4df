import { siteMainPath } from '../../../shared/caller/familyRoutes.ts';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';

export const SITES_PATH = '/analytics/sites';

/**
 * The site page the tour shows: the first site with people counting (its page has every filter the
 * tour names), else the first with any page; null without one.
 */
export function tourSitePath(installations: readonly InstallationSummary[] | undefined): string | null {
  const sites = installations ?? [];
  const site = sites.find((s) => s.families.includes('counting')) ?? sites.find((s) => siteMainPath(s) !== null);
  return site ? siteMainPath(site) : null;
}
