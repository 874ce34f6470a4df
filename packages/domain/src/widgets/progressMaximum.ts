// The progress-bar and pie maximum of spec 001 §9 lives with the catalogue's rules
// (`MetricDefinition.maximum`); widgets import it from here.
export { progressMaximum } from '../metrics/catalogue/metricLookup.ts';
