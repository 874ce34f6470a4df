import { storedMetric } from '../storedMetrics.ts';
import { metricDefinition } from './metricLookup.ts';

/**
 * Formulas of the catalogue the engine does not compute yet: a zone's share of its parent's entries
 * (popularity) needs each zone's parent beside it in every grouping.
 */
const UNCOMPUTED_FORMULAS: ReadonlySet<string> = new Set(['shareOfParent']);

/**
 * Whether the engine answers a catalogue metric: a stored one it keeps readings of (identity-based
 * counts such as unique or returning visitors, and the UWB counters, are in the catalogue but have no
 * stored readings yet), or one computed by a formula it has from metrics it answers. The widget
 * editor offers only these; the server's test asks the engine for every catalogue metric and holds it
 * to this answer.
 */
export function engineAnswers(metricId: string, seen: ReadonlySet<string> = new Set()): boolean {
  const def = metricDefinition(metricId);
  if (!def || seen.has(metricId)) return false;
  if (def.kind === 'stored') return storedMetric(def.storedAs ?? def.id) !== undefined;
  const derivation = def.derivation;
  if (!derivation || UNCOMPUTED_FORMULAS.has(derivation.formula)) return false;
  const inner = new Set([...seen, metricId]);
  return derivation.inputs.every((input) => engineAnswers(input, inner));
}
