import type { ModelReference, ReferenceKind } from './dashboardModel.ts';
import type { NamedRow } from './dashboardTransfer.repo.ts';

/** A reference of a file with the row of the caller's organizations proposed for it (null: unmatched). */
export interface ProposedMatch extends ModelReference {
  toId: number | null;
}

const SITE_SCOPED: ReadonlySet<ReferenceKind> = new Set(['zone', 'passage', 'device', 'alert']);
const same = (a: string, b: string) => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;

/**
 * Proposes a row for each reference, by name: sites first; a zone, passage, device or alert among
 * the rows of the site its own site was matched to (anywhere in the organization when its site is
 * unmatched, if the name is unique); tags and tag categories anywhere in the organization.
 */
export function proposeMatches(references: readonly ModelReference[], candidates: readonly NamedRow[]): ProposedMatch[] {
  const ofKind = (kind: ReferenceKind) => candidates.filter((c) => c.kind === kind);
  const unique = (rows: NamedRow[], name: string) => {
    const found = rows.filter((r) => same(r.name, name));
    return found.length === 1 ? found[0]!.id : null;
  };
  const siteOf = new Map<number, number | null>();
  for (const r of references) if (r.kind === 'installation') siteOf.set(r.id, unique(ofKind('installation'), r.name));
  return references.map((r) => {
    if (r.kind === 'installation') return { ...r, toId: siteOf.get(r.id) ?? null };
    const rows = ofKind(r.kind);
    if (!SITE_SCOPED.has(r.kind)) return { ...r, toId: unique(rows, r.name) };
    const site = r.siteId !== undefined ? siteOf.get(r.siteId) : undefined;
    return { ...r, toId: unique(site != null ? rows.filter((c) => c.siteId === site) : rows, r.name) };
  });
}
