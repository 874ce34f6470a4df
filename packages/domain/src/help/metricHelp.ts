// What each metric of the catalogue means, for the help centre. Unit, decimals, scale, inputs and
// the way a period is summed up are read from the catalogue itself, so the help cannot drift from
// what the widgets show; only the words are written (help.metrics.*), one text per meaning.
import type { AggregationId } from '../metrics/catalogue/aggregations.ts';
import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import type { CatalogueFamily, MetricDefinition, MetricScale } from '../metrics/catalogue/metricDefinition.ts';

/** Where a stored metric comes from, by family (help.metrics.source.<key>). */
const SOURCES: Readonly<Record<CatalogueFamily, string>> = {
  counting: 'counting',
  atmosphere: 'atmosphere',
  energy: 'meters',
  water: 'meters',
  heat: 'meters',
  combustible: 'meters',
  sales: 'sales',
};

/** Stored metrics that do not come from their family's sensors. */
const SOURCE_OVERRIDES: Readonly<Record<string, string>> = { outdoorTemperature: 'weather' };

const UTILITY_FAMILIES: ReadonlySet<CatalogueFamily> = new Set(['energy', 'water', 'heat', 'combustible']);

/** Derived metrics whose meaning is the meaning of their formula (utility variants and level scores). */
const MEANING_BY_FORMULA = (m: MetricDefinition): boolean =>
  m.kind === 'derived' && (UTILITY_FAMILIES.has(m.family) || m.derivation?.formula === 'levelScore');

export interface MetricHelpEntry {
  id: string;
  family: CatalogueFamily;
  /** metrics.<id> */
  nameKey: string;
  /** What the figure tells: help.metrics.meaning.<id> or help.metrics.formulaMeaning.<formula>. */
  meaningKey: string;
  /** How it is obtained: help.metrics.source.<family> (stored) or help.metrics.formula.<formula> (derived). */
  computationKey: string;
  /** The metrics it is computed from (catalogue ids), empty for a stored metric. */
  inputs: readonly string[];
  /** How a period is summed up: help.metrics.aggregation.<aggregation>. */
  aggregationKey: string;
  aggregation: AggregationId;
  unit: string | null;
  precision: number;
  percentage: boolean;
  isDuration: boolean;
  scale: MetricScale | null;
  /** Widest range it can be asked for, in days, when limited. */
  limitedRangeDays: number | null;
}

export function metricHelpEntry(m: MetricDefinition): MetricHelpEntry {
  const formula = m.derivation?.formula;
  return {
    id: m.id,
    family: m.family,
    nameKey: `metrics.${m.id}`,
    meaningKey: MEANING_BY_FORMULA(m) && formula ? `help.metrics.formulaMeaning.${formula}` : `help.metrics.meaning.${m.id}`,
    computationKey: m.kind === 'stored' || !formula ? `help.metrics.source.${SOURCE_OVERRIDES[m.id] ?? SOURCES[m.family]}` : `help.metrics.formula.${formula}`,
    inputs: m.derivation?.inputs ?? [],
    aggregationKey: `help.metrics.aggregation.${m.defaultAggregation}`,
    aggregation: m.defaultAggregation,
    unit: m.unit,
    precision: m.precision,
    percentage: m.percentage === true,
    isDuration: m.isDuration === true,
    scale: m.scale ?? null,
    limitedRangeDays: m.limitedRangeDays ?? null,
  };
}

/** One entry per catalogue metric, in catalogue order. */
export const METRIC_HELP: readonly MetricHelpEntry[] = METRIC_CATALOGUE.map(metricHelpEntry);

/** Every catalogue key the metric glossary reads: a test checks each is written in every language. */
export function metricHelpKeys(entry: MetricHelpEntry): string[] {
  return [entry.nameKey, entry.meaningKey, entry.computationKey, entry.aggregationKey, ...(entry.scale?.labels ?? [])];
}

/** The glossary's families, in the order the help centre lists them. */
export const METRIC_HELP_FAMILIES: readonly CatalogueFamily[] = ['counting', 'sales', 'atmosphere', 'energy', 'water', 'heat', 'combustible'];
