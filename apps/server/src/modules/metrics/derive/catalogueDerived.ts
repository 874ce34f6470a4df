import { CO2_KG_PER_UNIT, ENERGY_KWH_PER_UNIT, businessDate, co2KgPerUnit, comfortScore, levelScore, metricDefinition } from '@sitelens/domain';
import { badInput } from '../../../graphql/errors.ts';
import type { InstallationRow } from '../../installations/installations.repo.ts';
import type { RetailSeries } from '../run/runRetailQuery.ts';

/** Formulas of the catalogue that transform one input series, and how. */
export const SERIES_FORMULAS = new Set([
  'perArea',
  'areaPer',
  'co2Equivalent',
  'energyEquivalent',
  'cumulativeSinceDayStart',
  'cumulativeSinceRangeStart',
  'presence',
  'levelScore',
  'comfortScore',
]);

export interface CatalogueDerivation {
  id: string;
  unit: string | null;
  formula: string;
  input: string;
  /** Every input; only comfortScore has more than one. */
  inputs: string[];
  /** The stored utility the factor belongs to, for equivalents of derived inputs. */
  utility: string;
}

/** A catalogue metric that one of the series formulas computes, with its input; else undefined. */
export function catalogueDerivation(id: string): CatalogueDerivation | undefined {
  const def = metricDefinition(id);
  const formula = def?.derivation?.formula;
  const input = def?.derivation?.inputs[0];
  if (!def || def.kind !== 'derived' || !formula || !input || !SERIES_FORMULAS.has(formula)) return undefined;
  const utility = Object.keys(CO2_KG_PER_UNIT).find((u) => id.startsWith(u)) ?? input;
  return { id, unit: def.unit, formula, input, inputs: def.derivation?.inputs ?? [input], utility };
}

/**
 * Applies the formula to the input's series. `areas` gives each series' floor area (m²), by series
 * key, 'all' being the sum over the requested targets.
 */
export function applyFormula(d: CatalogueDerivation, series: RetailSeries[], areas: Map<string, number | null>, site: InstallationRow): RetailSeries[] {
  const perPoint = (f: (v: number, key: string) => number | null) =>
    series.map((s) => ({ ...s, points: s.points.map((p) => ({ ...p, value: p.value === null ? null : f(p.value, s.key) })) }));
  const area = (key: string) => {
    const a = areas.get(key);
    if (!a) throw badInput('metric', 'areaUnknown');
    return a;
  };
  switch (d.formula) {
    case 'perArea':
      return perPoint((v, key) => v / area(key));
    case 'areaPer':
      return perPoint((v, key) => (v > 0 ? area(key) / v : null));
    case 'co2Equivalent': {
      // Electricity weighs what the site's country's grid emits.
      const factor = co2KgPerUnit(d.utility, site.country) ?? NaN;
      return perPoint((v) => v * factor);
    }
    case 'energyEquivalent':
      return perPoint((v) => v * (ENERGY_KWH_PER_UNIT[d.utility] ?? NaN));
    case 'presence':
      return perPoint((v) => (v > 0 ? 1 : 0));
    case 'levelScore':
      return perPoint((v) => levelScore(d.input, v));
    case 'cumulativeSinceDayStart':
    case 'cumulativeSinceRangeStart':
      return series.map((s) => {
        let running = 0;
        let day = '';
        const points = s.points.map((p) => {
          const d2 = d.formula === 'cumulativeSinceDayStart' && p.t ? businessDate(p.t.getTime(), site.timezone, site.changeOfDayTime) : '';
          if (d2 !== day) [day, running] = [d2, 0];
          running += p.value ?? 0;
          return { ...p, value: running };
        });
        return { ...s, points };
      });
    default:
      throw new Error(`formula ${d.formula} has no implementation`);
  }
}

/** The comfort score of each bucket from the per-metric score series (one answer per input). */
export function comfortSeries(inputs: RetailSeries[][]): RetailSeries[] {
  const keys = [...new Set(inputs.flat().map((s) => s.key))];
  return keys.map((key) => {
    const perInput = inputs.map((answer) => new Map(answer.find((s) => s.key === key)?.points.map((p) => [p.t?.getTime() ?? null, p.value]) ?? []));
    const first = inputs.flat().find((s) => s.key === key)!;
    const times = [...new Set(perInput.flatMap((m) => [...m.keys()]))].sort((a, b) => (a ?? 0) - (b ?? 0));
    const points = times.map((t) => ({ t: t === null ? null : new Date(t), key: null, value: comfortScore(perInput.map((m) => m.get(t) ?? null)) }));
    return { key, label: first.label, points };
  });
}
