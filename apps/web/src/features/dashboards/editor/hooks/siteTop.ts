/**
 * The site's top zone (the first live zone without a parent: selecting it is selecting the whole
 * site) and its live children (a centre's floors), what a new widget targets and compares.
 */
export function siteTop(zones: ReadonlyArray<{ id: number; parentIds: readonly number[]; isDeleted?: boolean | null }>): { topZoneId: number | null; childZoneIds: number[] } {
  const live = zones.filter((z) => !z.isDeleted);
  const topZoneId = live.find((z) => z.parentIds.length === 0)?.id ?? null;
  return { topZoneId, childZoneIds: topZoneId === null ? [] : live.filter((z) => z.parentIds.includes(topZoneId)).map((z) => z.id) };
}
