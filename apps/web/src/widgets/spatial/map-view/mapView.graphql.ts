import { gql, type TypedDocumentNode } from '@apollo/client';
import type { MapViewConfig } from '@sitelens/domain';

export interface MapViewAnswer {
  mapViewConfigByZoneId: { zoneId: number; version: number; config: MapViewConfig } | null;
}

export const MAP_VIEW_CONFIG: TypedDocumentNode<MapViewAnswer, { zoneId: number }> = gql`
  query MapViewConfig($zoneId: Int!) {
    mapViewConfigByZoneId(zoneId: $zoneId) {
      zoneId
      version
      config
    }
  }
`;

export interface MapSiteNamesAnswer {
  installationById: { id: number; zones: Array<{ id: number; name: string; parentIds: number[]; isDeleted: boolean; sensorId: number | null }> } | null;
  passagesByInstallation: Array<{ id: number; name: string }>;
}

/** The site's zones and passages: names for the labels, and the top zone when the page names none. */
export const MAP_SITE_NAMES: TypedDocumentNode<MapSiteNamesAnswer, { installationId: number }> = gql`
  query MapSiteNames($installationId: Int!) {
    installationById(installationId: $installationId) {
      id
      zones {
        id
        name
        parentIds
        isDeleted
        sensorId
      }
    }
    passagesByInstallation(installationId: $installationId) {
      id
      name
    }
  }
`;

export const MAP_TAG_NAMES: TypedDocumentNode<{ tagsByIds: Array<{ id: number; name: string }> }, { ids: number[] }> = gql`
  query MapTagNames($ids: [Int!]!) {
    tagsByIds(ids: $ids) {
      id
      name
    }
  }
`;
