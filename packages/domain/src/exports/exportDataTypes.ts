/**
 * What an export may hold (spec 002 §3: the data type is "an event metric, default counting"):
 * counting (entries and exits side by side), then every metric of the catalogue whose family one
 * of the site's events covers. The export form offers these and the server accepts only these.
 */
import { METRIC_CATALOGUE } from '../metrics/catalogue/metricCatalogue.ts';
import type { CatalogueFamily } from '../metrics/catalogue/metricDefinition.ts';
import { storedInputs } from '../metrics/catalogue/storedInputs.ts';
import { storedMetric } from '../metrics/storedMetrics.ts';
import { EXPORT_COUNTING, exportColumns } from './exportRules.ts';

/** The catalogue families an event's family covers: an energy event reads electricity, water, heat and combustibles. */
const FAMILIES_OF_EVENT: Record<string, readonly CatalogueFamily[]> = {
  counting: ['counting'],
  atmosphere: ['atmosphere'],
  energy: ['energy', 'water', 'heat', 'combustible'],
  sales: ['sales'],
};

/**
 * Formulas an export leaves out: a value accumulated from the start of the range asked (the export
 * reads long ranges in chunks, so it would restart at each chunk) and the climate correction
 * (a monthly model, not a per-bucket value).
 */
const NOT_EXPORTED = new Set(['cumulativeSinceRangeStart', 'climateCorrected']);

/** The data types of a site whose events cover `eventFamilies` (counting first, always: the default). */
export function exportDataTypes(eventFamilies: readonly string[]): string[] {
  const families = new Set(eventFamilies.flatMap((f) => FAMILIES_OF_EVENT[f] ?? []));
  const metrics = METRIC_CATALOGUE.filter((m) => families.has(m.family) && !NOT_EXPORTED.has(m.derivation?.formula ?? '')).map((m) => m.id);
  return [EXPORT_COUNTING, ...metrics];
}

/** Whether the data type is measured on passages ("only passage data"): each column read from readings that passages hold. */
export function exportOnPassages(dataType: string): boolean {
  return exportColumns(dataType).every((metric) => {
    const inputs = storedInputs(metric);
    return inputs.length > 0 && inputs.every((id) => storedMetric(id)?.targets.includes('passage'));
  });
}
