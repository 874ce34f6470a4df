import type { ColorimetryBand } from './widgetModel.ts';

/**
 * The band a value falls in (spec 001 §5): low <= value < high, the first matching band winning.
 * Null for a missing value or one outside every band; the caller logs the latter and shows no badge.
 */
export function bandFor(value: number | null | undefined, bands: readonly ColorimetryBand[]): ColorimetryBand | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return bands.find(({ limits: [low, high] }) => low <= value && value < high) ?? null;
}

/**
 * Relative colorimetry (spec 001 §5): the configured bands keep their colours and texts, their
 * limits are spread evenly from min(0, lowest value) to the highest value (numeric values only);
 * the first lower bound is lowered by 1 and the last upper bound raised by 1, so the lowest and the
 * highest values fall inside. Without numeric values the bands are answered unchanged.
 */
export function relativeBands(
  bands: readonly ColorimetryBand[],
  values: ReadonlyArray<number | null | undefined>,
): ColorimetryBand[] {
  const numeric = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (bands.length === 0 || numeric.length === 0) return bands.map((b) => ({ ...b }));
  const from = Math.min(0, ...numeric);
  const to = Math.max(...numeric);
  const width = (to - from) / bands.length;
  const last = bands.length - 1;
  return bands.map((band, i) => {
    const low = i === 0 ? from - 1 : from + i * width;
    const high = i === last ? to + 1 : from + (i + 1) * width;
    return { ...band, limits: [low, high] };
  });
}

/**
 * Relative colorimetry over a hierarchy: one scale per level (floors apart from the shops in them),
 * each spread over its own level's values only, so a level of large counts (a floor) does not set
 * the top of a level of small ones (its shops). Levels come in the order first met.
 */
export function relativeBandsByLevel<L>(
  bands: readonly ColorimetryBand[],
  entries: ReadonlyArray<{ level: L; value: number | null | undefined }>,
): Map<L, ColorimetryBand[]> {
  const byLevel = new Map<L, Array<number | null | undefined>>();
  for (const { level, value } of entries) byLevel.set(level, [...(byLevel.get(level) ?? []), value]);
  return new Map([...byLevel].map(([level, values]) => [level, relativeBands(bands, values)]));
}
