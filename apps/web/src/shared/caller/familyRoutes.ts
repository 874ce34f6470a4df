/** The page of a site for each metric family that has one (sales has its funnel instead). */
export const FAMILY_ROUTES: Readonly<Record<string, string>> = {
  counting: '/counting',
  atmosphere: '/atmosphere',
  energy: '/energy',
};

/** The address of a site's main page: its first family with a page, counting first; null without one. */
export function siteMainPath(site: { id: number; families: readonly string[] }): string | null {
  const family = ['counting', 'atmosphere', 'energy'].find((f) => site.families.includes(f));
  return family ? `${FAMILY_ROUTES[family]}/${site.id}` : null;
}
