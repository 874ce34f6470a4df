import { type TargetKind, storedInputs } from '@sitelens/domain';
import type { RetailRequest } from './retailRequests.ts';

/** What a live widget listens to: readings of these stored metrics, on these targets when known. */
export interface LiveScope {
  installationId: number;
  metrics: string[];
  /** Only for passages and devices, whose readings are their own (see liveScope). */
  target?: { kind: Exclude<TargetKind, 'zone'>; ids: number[] };
}

export interface PushedReading {
  targetKind: string;
  targetId: number;
  metric: string;
}

/**
 * The scope of a widget's requests: the stored metrics behind its (derived) metrics, and its
 * passages or devices when every request reads the same kind. A zone is read from its own
 * readings, its devices' or its dependent zones' (docs/decisions.md, "Dependent zones"), so zone
 * widgets listen to the whole site. Null when nothing stored is behind the metrics.
 */
export function liveScope(requests: readonly RetailRequest[]): LiveScope | null {
  const first = requests[0];
  const metrics = [...new Set(requests.flatMap((r) => storedInputs(r.metric)))];
  if (!first || metrics.length === 0) return null;
  const kind = first.target?.kind;
  const sameKind = kind && kind !== 'zone' && requests.every((r) => r.target?.kind === kind);
  if (!sameKind) return { installationId: first.installationId, metrics };
  const ids = [...new Set(requests.flatMap((r) => r.target!.ids))];
  return { installationId: first.installationId, metrics, target: { kind, ids } };
}

/** Whether a pushed reading may change what the scope's widget shows. */
export function touchesScope(scope: LiveScope, reading: PushedReading): boolean {
  if (!scope.metrics.includes(reading.metric)) return false;
  return !scope.target || (reading.targetKind === scope.target.kind && scope.target.ids.includes(reading.targetId));
}
