import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const HEATMAP_IMAGES = graphql(`
  query HeatmapImages($zoneId: Int!, $dashboardId: Int!, $dateBegin: Date!, $dateEnd: Date!, $dayLimit: Int) {
    heatmapImages(zoneId: $zoneId, dashboardId: $dashboardId, dateBegin: $dateBegin, dateEnd: $dateEnd, dayLimit: $dayLimit) {
      date
      images {
        gender
        url
      }
    }
  }
`);

/** A day with its images; `date` is YYYY-MM-DD. */
export type HeatmapDayAnswer = ResultOf<typeof HEATMAP_IMAGES>['heatmapImages'][number];
