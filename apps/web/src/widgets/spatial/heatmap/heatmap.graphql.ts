import { gql, type TypedDocumentNode } from '@apollo/client';
import type { HeatmapDayAnswer } from './heatmapSlides.ts';

export interface HeatmapImagesVariables {
  zoneId: number;
  dashboardId: number;
  dateBegin: string;
  dateEnd: string;
  dayLimit?: number;
}

export const HEATMAP_IMAGES: TypedDocumentNode<{ heatmapImages: HeatmapDayAnswer[] }, HeatmapImagesVariables> = gql`
  query HeatmapImages($zoneId: Int!, $dashboardId: Int!, $dateBegin: Date!, $dateEnd: Date!, $dayLimit: Int) {
    heatmapImages(zoneId: $zoneId, dashboardId: $dashboardId, dateBegin: $dateBegin, dateEnd: $dateEnd, dayLimit: $dayLimit) {
      date
      images {
        gender
        url
      }
    }
  }
`;
