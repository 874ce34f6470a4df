import type { CatalogueFamily, MetricDefinition } from './metricDefinition.ts';

/**
 * Utilities (electricity, water, heat, combustible): the stored consumption or production and its
 * variants. Equivalents and corrections apply to consumption; production keeps per-m², on-day and
 * on-interval.
 */
type Variant =
  | 'base'
  | 'energyEquivalent'
  | 'co2Equivalent'
  | 'perArea'
  | 'energyEquivalentPerArea'
  | 'co2EquivalentPerArea'
  | 'onDay'
  | 'onInterval'
  | 'corrected';

interface Utility {
  id: string;
  family: CatalogueFamily;
  unit: string;
  precision: number;
  icon: string;
  /** One colour per variant the utility has; a variant without a colour does not exist. */
  colors: Partial<Record<Variant, string>>;
}

const ENERGY_UNIT = 'kWh';
const CARBON_UNIT = 'kgCO2';
const EQUIVALENT_PRECISION = 3;
// Per-m² values are small fractions of their source: three decimals whatever the source shows.
const PER_AREA_PRECISION = 3;

const UTILITIES: readonly Utility[] = [
  {
    id: 'electricityConsumption', family: 'energy', unit: 'kWh', precision: 3, icon: 'IconBolt',
    colors: {
      base: '#B45309', energyEquivalent: '#92400E', co2Equivalent: '#4D7C0F',
      perArea: '#A16207', energyEquivalentPerArea: '#78350F', co2EquivalentPerArea: '#3F6212',
      onDay: '#C2410C', onInterval: '#9A3412', corrected: '#854D0E',
    },
  },
  {
    id: 'electricityProduction', family: 'energy', unit: 'kWh', precision: 3, icon: 'IconSolarPanel',
    colors: { base: '#15803D', perArea: '#166534', onDay: '#047857', onInterval: '#0D9488' },
  },
  {
    id: 'waterConsumption', family: 'water', unit: 'm³', precision: 1, icon: 'IconDroplet',
    colors: {
      base: '#0369A1', energyEquivalent: '#075985', co2Equivalent: '#0E7490',
      perArea: '#1D4ED8', energyEquivalentPerArea: '#1E40AF', co2EquivalentPerArea: '#155E75',
      onDay: '#0284C7', onInterval: '#2563EB',
    },
  },
  {
    id: 'heatConsumption', family: 'heat', unit: 'kWh', precision: 3, icon: 'IconFlame',
    colors: {
      base: '#DC2626', energyEquivalent: '#B91C1C', co2Equivalent: '#991B1B',
      perArea: '#E11D48', energyEquivalentPerArea: '#BE123C', co2EquivalentPerArea: '#9F1239',
      onDay: '#EA580C', onInterval: '#C2410C', corrected: '#7F1D1D',
    },
  },
  {
    id: 'combustibleConsumption', family: 'combustible', unit: 'm³', precision: 1, icon: 'IconGasStation',
    colors: {
      base: '#7C3AED', energyEquivalent: '#6D28D9', co2Equivalent: '#5B21B6',
      perArea: '#9333EA', energyEquivalentPerArea: '#7E22CE', co2EquivalentPerArea: '#6B21A8',
      onDay: '#A21CAF', onInterval: '#86198F', corrected: '#57534E',
    },
  },
];

type Shape = Pick<MetricDefinition, 'unit' | 'precision' | 'maximum' | 'defaultAggregation' | 'icon'> & {
  suffix: string;
  formula: string;
  /** The variant it is computed from, when not the stored metric itself. */
  from?: Exclude<Variant, 'base'>;
};

const perArea = (unit: string): string => `${unit}/m²`;

function shape(u: Utility, v: Exclude<Variant, 'base'>): Shape {
  const total = { maximum: 'sum', defaultAggregation: 'sum' } as const;
  // Per-m² values compare zones of different sizes: a bar shows them against the largest, not their sum.
  const intensity = { maximum: 'max', defaultAggregation: 'sum', precision: PER_AREA_PRECISION } as const;
  // Running totals: the value at the end of the bucket.
  const running = { unit: u.unit, precision: u.precision, maximum: 'max', defaultAggregation: 'last', icon: u.icon } as const;
  switch (v) {
    case 'energyEquivalent':
      return { ...total, suffix: 'EnergyEquivalent', formula: 'energyEquivalent', unit: ENERGY_UNIT, precision: EQUIVALENT_PRECISION, icon: 'IconBolt' };
    case 'co2Equivalent':
      return { ...total, suffix: 'Co2Equivalent', formula: 'co2Equivalent', unit: CARBON_UNIT, precision: EQUIVALENT_PRECISION, icon: 'IconLeaf' };
    case 'perArea':
      return { ...intensity, suffix: 'PerArea', formula: 'perArea', unit: perArea(u.unit), icon: 'IconRuler2' };
    case 'energyEquivalentPerArea':
      return { ...intensity, suffix: 'EnergyEquivalentPerArea', formula: 'perArea', from: 'energyEquivalent', unit: perArea(ENERGY_UNIT), icon: 'IconRuler2' };
    case 'co2EquivalentPerArea':
      return { ...intensity, suffix: 'Co2EquivalentPerArea', formula: 'perArea', from: 'co2Equivalent', unit: perArea(CARBON_UNIT), icon: 'IconRuler2' };
    case 'onDay':
      // Accumulated since the start of the business day (change-of-day time).
      return { ...running, suffix: 'OnDay', formula: 'cumulativeSinceDayStart', icon: 'IconCalendarEvent' };
    case 'onInterval':
      // Accumulated since the start of the selected range.
      return { ...running, suffix: 'OnInterval', formula: 'cumulativeSinceRangeStart', icon: 'IconCalendarStats' };
    case 'corrected':
      // Climate-corrected with heating degree days, so winters of different severity compare.
      return { ...total, suffix: 'Corrected', formula: 'climateCorrected', unit: u.unit, precision: u.precision, icon: 'IconAdjustments' };
  }
}

function variants(u: Utility): MetricDefinition[] {
  const common = { family: u.family } as const;
  const out: MetricDefinition[] = [];
  for (const [v, color] of Object.entries(u.colors) as [Variant, string][]) {
    if (v === 'base') {
      const { id, unit, precision, icon } = u;
      out.push({ ...common, id, unit, precision, color, icon, maximum: 'sum', defaultAggregation: 'sum', kind: 'stored', storedAs: id });
      continue;
    }
    const { suffix, formula, from, ...rest } = shape(u, v);
    const input = from ? `${u.id}${shape(u, from).suffix}` : u.id;
    out.push({ ...common, ...rest, id: `${u.id}${suffix}`, color, kind: 'derived', derivation: { inputs: [input], formula } });
  }
  return out;
}

export const UTILITY_METRICS: readonly MetricDefinition[] = UTILITIES.flatMap(variants);
