/**
 * Colours for series beyond the first of each metric (zones, genders, tags ...): distinct hues that
 * keep a 3:1 contrast on white, tried in order and skipped when a metric colour already took them.
 */
export const SERIES_PALETTE = [
  '#2563EB',
  '#D97706',
  '#059669',
  '#DC2626',
  '#7C3AED',
  '#0891B2',
  '#DB2777',
  '#65A30D',
  '#EA580C',
  '#0D9488',
  '#4F46E5',
  '#737373',
] as const;

/** Picks the first palette colour not used yet (cycling once every colour is taken). */
export function nextPaletteColor(used: ReadonlySet<string>, index: number): string {
  const free = SERIES_PALETTE.find((c) => !used.has(c.toUpperCase()));
  return free ?? SERIES_PALETTE[index % SERIES_PALETTE.length]!;
}
