import type { ImportCandidate, ImportReference } from './transferDocuments.ts';

/** The choice of the review step: a reference's key (`zone:12`) to the id of the caller's row, null while unchosen. */
export type MappingChoice = Record<string, number | null>;

export const referenceKey = (r: Pick<ImportReference, 'kind' | 'fromId'>) => `${r.kind}:${r.fromId}`;

/** The review step starts from the server's proposals, matched by name. */
export const initialChoice = (references: readonly ImportReference[]): MappingChoice => Object.fromEntries(references.map((r) => [referenceKey(r), r.toId ?? null]));

/** The rows a reference may map to: same kind; for a zone, passage, device or alert, those of the site its site maps to (all while that is unchosen). */
export function optionsFor(reference: ImportReference, candidates: readonly ImportCandidate[], choice: MappingChoice): ImportCandidate[] {
  const rows = candidates.filter((c) => c.kind === reference.kind);
  const site = reference.siteId != null ? choice[`installation:${reference.siteId}`] : null;
  return site != null && rows.some((c) => c.siteId != null) ? rows.filter((c) => c.siteId === site) : rows;
}

/** The references still without a row: each one must be chosen before the import. */
export const unmapped = (references: readonly ImportReference[], choice: MappingChoice) => references.filter((r) => choice[referenceKey(r)] == null);

/** The mutation's mapping, once every reference has a row. */
export const mappingInput = (references: readonly ImportReference[], choice: MappingChoice) =>
  references.flatMap((r) => {
    const toId = choice[referenceKey(r)];
    return toId == null ? [] : [{ kind: r.kind, fromId: r.fromId, toId }];
  });

const unsafe = (c: string) => c < ' ' || '\\/:*?"<>|'.includes(c);
/** The file name of an exported dashboard: its name, made safe, and the format's suffix. */
export const exportFileName = (name: string) => `${[...name.trim()].map((c) => (unsafe(c) ? '_' : c)).join('') || 'dashboard'}.sitelens-dashboard.json`;
