/** Genders an image can be drawn for, lowercased as in the image path (spec 001 §7). */
export const HEATMAP_GENDERS = ['all', 'male', 'female'] as const;
export type HeatmapGender = (typeof HEATMAP_GENDERS)[number];

/** Images under dashboard 0 belong to the zone and show on every dashboard that has no image of its own. */
export const SHARED_DASHBOARD = 0;

export interface HeatmapKey {
  zoneId: number;
  dashboardId: number;
  /** YYYY-MM-DD, the site's calendar day. */
  date: string;
  gender: HeatmapGender;
}

const KEY = /^heatmaps\/(\d+)\/(\d+)\/(\d{4})_(\d{2})_(\d{2})\/(all|male|female)\.png$/;

/** heatmaps/{zoneId}/{dashboardId}/{YYYY_MM_DD}/{gender}.png */
export function heatmapKey(k: HeatmapKey): string {
  return `heatmaps/${k.zoneId}/${k.dashboardId}/${k.date.replaceAll('-', '_')}/${k.gender}.png`;
}

export function parseHeatmapKey(key: string): HeatmapKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  return { zoneId: Number(m[1]), dashboardId: Number(m[2]), date: `${m[3]}-${m[4]}-${m[5]}`, gender: m[6] as HeatmapGender };
}

/** The URL the browser loads an image from (served by the authenticated heatmap route). */
export const heatmapUrl = (k: HeatmapKey) => `/api/${heatmapKey(k)}`;
