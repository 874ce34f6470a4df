import type { Gender } from '@sitelens/domain';
import type { HeatmapDayAnswer } from './heatmap.graphql.ts';

export interface HeatmapSlide {
  gender: string;
  url: string;
}

export interface HeatmapDayOption {
  date: string;
  slides: HeatmapSlide[];
}

const ORDER = ['all', 'female', 'male'];

/**
 * The days of the dropdown, newest first, restricted to the days the page's timespans hold, each
 * with its carousel of images: the page's gender alone when one is chosen (spec 001 §7, the image
 * path carries the lowercased gender), otherwise every gender, "all" first. Days left without an
 * image are dropped.
 */
export function heatmapDayOptions(days: HeatmapDayAnswer[], allowed: readonly string[], gender: Gender | undefined): HeatmapDayOption[] {
  const keep = new Set(allowed);
  const wanted = gender && gender !== 'ALL' ? gender.toLowerCase() : null;
  return days
    .filter((d) => keep.has(d.date))
    .map((d) => ({
      date: d.date,
      slides: d.images
        .filter((i) => wanted === null || i.gender === wanted)
        .sort((a, b) => ORDER.indexOf(a.gender) - ORDER.indexOf(b.gender))
        .map((i) => ({ gender: i.gender, url: i.url })),
    }))
    .filter((d) => d.slides.length > 0)
    .sort((a, b) => (a.date < b.date ? 1 : -1));
}
