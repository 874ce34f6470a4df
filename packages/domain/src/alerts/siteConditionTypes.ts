import { storedMetric } from '../metrics/storedMetrics.ts';
import { ALERT_CONDITION_TYPES, type AlertConditionType, conditionInputMetrics } from './alertConditions.ts';

/** Whether a site with these metric families (Installation.families) measures every metric the condition reads. */
const measures = (families: readonly string[], type: AlertConditionType): boolean =>
  conditionInputMetrics(type).every((metric) => families.includes(storedMetric(metric)?.family ?? ''));

/**
 * The condition types a site can measure, in the catalogue's order: a people-counting site gets no CO₂.
 * A site none of whose families an alert reads (no events yet, energy or sales only) keeps every type:
 * an alert must have one, and an empty picker would leave a form that cannot be saved, with no word why.
 */
export function siteConditionTypes(families: readonly string[] | undefined): AlertConditionType[] {
  const types = ALERT_CONDITION_TYPES.filter((type) => measures(families ?? [], type));
  return types.length > 0 ? types : [...ALERT_CONDITION_TYPES];
}

/** The types an alert's form offers: the site's, and a saved alert's own type even when the site cannot measure it (never changed behind the user's back). */
export function offeredConditionTypes(families: readonly string[] | undefined, current: string): AlertConditionType[] {
  const types = siteConditionTypes(families);
  return ALERT_CONDITION_TYPES.filter((type) => type === current || types.includes(type));
}
