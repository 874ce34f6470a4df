/** Keys the demo's plans (and any plan an administrator builds from the catalogue) use for their texts. */
const CATALOGUE_PREFIX = 'spatial.plan.';

/**
 * A floor plan with its catalogue texts (view titles, band names, legend captions written as
 * `spatial.plan.…` keys) in the reader's language; texts typed by an administrator stay as typed.
 */
export function localizePlan<T>(config: T, translate: (key: string) => string): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return value.startsWith(CATALOGUE_PREFIX) ? translate(value) : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(config) as T;
}
