import type { ReferenceRequest } from './referenceEngine.ts';

/** One reading of a scenario, by indexes (ids exist only once the site is created). */
export interface ScenarioReading {
  zone: number;
  /** Set when a device placed in a zone took the reading (index into the scenario's devices). */
  device?: number;
  metric: string;
  breakdown: string;
  ts: string;
  value: number;
}

/**
 * A retailData input whose target is given by zone indexes and whose tags by indexes into TAGS (ids
 * exist only once the site is created): `tagFilters` become category conditions, `groupTags` the
 * tagIds of a tag group-by, `groupCategory` the category of a tagCategory group-by.
 */
export type ScenarioRequest = Omit<ReferenceRequest, 'target'> & { zones: number[]; tagFilters?: number[][]; groupTags?: number[]; groupCategory?: number };
