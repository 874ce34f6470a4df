import { gql, type TypedDocumentNode } from '@apollo/client';

export interface FilterZoneRow {
  id: number;
  name: string;
  parentIds: number[];
  sensorId: number | null;
  isDisabled: boolean;
  isDeleted: boolean;
}

export interface FilterEventRow {
  id: number;
  name: string;
  dateBegin: string;
  dateEnd: string | null;
  neverEnding: boolean;
}

export interface FilterTagCategoryRow {
  id: number;
  name: string;
  tags: { id: number; name: string }[];
}

/** The zones of the zone filter (spec 001 §7 zonesByInstallation). */
export const FILTER_ZONES: TypedDocumentNode<{ zonesByInstallation: FilterZoneRow[] }, { installationId: number }> = gql`
  query FilterZones($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      parentIds
      sensorId
      isDisabled
      isDeleted
    }
  }
`;

/**
 * The site's organization (for its tag categories) and the events of the event filter. allEventsByInstallation (spec 002 §7) lives on branch sitecalls,
 * not yet in main; until it lands the same rows come from installationById.events.
 */
export const FILTER_EVENTS: TypedDocumentNode<{ installationById: { id: number; organizationId: number; events: FilterEventRow[] } | null }, { installationId: number }> = gql`
  query FilterEvents($installationId: Int!) {
    installationById(installationId: $installationId) {
      id
      organizationId
      events {
        id
        name
        dateBegin
        dateEnd
        neverEnding
      }
    }
  }
`;

/** The tag categories of the category filter (spec 001 §7 tagCategoriesByOrganizationId). */
export const FILTER_TAG_CATEGORIES: TypedDocumentNode<{ tagCategoriesByOrganizationId: FilterTagCategoryRow[] }, { id: number }> = gql`
  query FilterTagCategories($id: Int!) {
    tagCategoriesByOrganizationId(id: $id) {
      id
      name
      tags {
        id
        name
      }
    }
  }
`;
