/**
 * Air-quality scores. Each metric's value maps to a general level 1 (poor), 2 (fair) or 3 (good);
 * the comfort score 1 (very poor) .. 5 (excellent) spreads the mean of the available levels.
 * Bands follow common indoor guidance (WHO 2021 air quality guidelines, EN 16798-1 category II).
 */
type Band = { good: [number, number]; fair: [number, number] };

export const SCORE_BANDS: Readonly<Record<string, Band>> = {
  temperature: { good: [19, 24], fair: [17, 26] },
  humidity: { good: [40, 60], fair: [30, 70] },
  co2: { good: [0, 800], fair: [0, 1200] },
  tvoc: { good: [0, 300], fair: [0, 1000] },
  pm25: { good: [0, 10], fair: [0, 25] },
  pm10: { good: [0, 20], fair: [0, 50] },
  hcho: { good: [0, 30], fair: [0, 100] },
  luminosity: { good: [300, 1000], fair: [150, 2000] },
};

const within = (v: number, [lo, hi]: [number, number]) => v >= lo && v <= hi;

/** 3 good, 2 fair, 1 poor; null for a metric without bands or a missing value. */
export function levelScore(metric: string, value: number | null): number | null {
  const band = SCORE_BANDS[metric];
  if (!band || value === null || !Number.isFinite(value)) return null;
  return within(value, band.good) ? 3 : within(value, band.fair) ? 2 : 1;
}

/** 1..5 from the levels present (at least one), rounding the mean of 1..3 spread over 1..5. */
export function comfortScore(levels: ReadonlyArray<number | null>): number | null {
  const present = levels.filter((l): l is number => l !== null);
  if (present.length === 0) return null;
  const mean = present.reduce((s, l) => s + l, 0) / present.length;
  return Math.round(1 + (mean - 1) * 2);
}
