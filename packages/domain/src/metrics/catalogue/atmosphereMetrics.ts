import { COMFORT_SCALE, GENERAL_SCALE, type MetricDefinition } from './metricDefinition.ts';

const level = { family: 'atmosphere', maximum: 'max', defaultAggregation: 'average' } as const;

const sensor = (id: string, unit: string, precision: number, color: string, icon: string): MetricDefinition => ({
  id,
  ...level,
  unit,
  precision,
  color,
  icon,
  kind: 'stored',
  storedAs: id,
});

const SENSORS: readonly MetricDefinition[] = [
  // Celsius has an arbitrary zero: a change is a difference in °C, not a percentage.
  { ...sensor('temperature', '°C', 1, '#DC2626', 'IconTemperature'), arbitraryZero: true },
  // Spec 001 §9 lists humidity with the percentage metrics: its bars and pies end at 100.
  { ...sensor('humidity', '%RH', 1, '#0284C7', 'IconDroplet'), maximum: 'hundred', percentage: true },
  sensor('co2', 'ppm', 0, '#57534E', 'IconCloud'),
  sensor('tvoc', 'µg/m³', 1, '#7C3AED', 'IconFlask'),
  sensor('pm25', 'µg/m³', 1, '#A16207', 'IconGrain'),
  sensor('pm10', 'µg/m³', 1, '#854D0E', 'IconHaze'),
  sensor('hcho', 'µg/m³', 1, '#DB2777', 'IconFlask2'),
  sensor('luminosity', 'lx', 0, '#B45309', 'IconBulb'),
  sensor('pressure', 'hPa', 2, '#0F766E', 'IconGauge'),
  // Outside the building: what climate-corrected utilities read (heating degree days).
  { ...sensor('outdoorTemperature', '°C', 1, '#C2410C', 'IconTemperatureSun'), arbitraryZero: true },
];

/** Colours of the per-metric scores, keyed by the metric they score. */
const SCORE_COLORS: Readonly<Record<string, string>> = {
  temperature: '#B91C1C',
  humidity: '#0369A1',
  co2: '#44403C',
  tvoc: '#6D28D9',
  pm25: '#92400E',
  pm10: '#713F12',
  hcho: '#BE185D',
  luminosity: '#9A3412',
};

const score = (of: MetricDefinition): MetricDefinition => ({
  id: `${of.id}Score`,
  ...level,
  unit: null,
  precision: 0,
  color: SCORE_COLORS[of.id] ?? of.color,
  icon: of.icon,
  scale: GENERAL_SCALE,
  maximum: GENERAL_SCALE.max,
  kind: 'derived',
  derivation: { inputs: [of.id], formula: 'levelScore' },
});

const SCORES = SENSORS.filter((s) => s.id in SCORE_COLORS).map(score);

export const ATMOSPHERE_METRICS: readonly MetricDefinition[] = [
  ...SENSORS,
  ...SCORES,
  {
    id: 'comfortScore',
    ...level,
    unit: null,
    precision: 0,
    color: '#16A34A',
    icon: 'IconMoodSmile',
    scale: COMFORT_SCALE,
    maximum: COMFORT_SCALE.max,
    kind: 'derived',
    derivation: { inputs: SCORES.map((s) => s.id), formula: 'comfortScore' },
  },
];
