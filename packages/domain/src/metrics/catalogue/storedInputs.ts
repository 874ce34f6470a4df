import { storedMetric } from '../storedMetrics.ts';
import { metricDefinition } from './metricLookup.ts';

/**
 * The stored metrics (readings) a catalogue metric is computed from, through its derivation
 * inputs: what a live widget listens to (spec 001 §4). Empty for a metric with no stored source.
 */
export function storedInputs(metricId: string, seen: Set<string> = new Set()): string[] {
  if (seen.has(metricId)) return [];
  seen.add(metricId);
  const def = metricDefinition(metricId);
  const inputs = def?.derivation?.inputs;
  if (inputs) return [...new Set(inputs.flatMap((input) => storedInputs(input, seen)))];
  const id = def?.storedAs ?? metricId;
  return storedMetric(id) ? [id] : [];
}
