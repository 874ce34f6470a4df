import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ZoneNode } from './zoneFigures.ts';

export const SITE_ZONES: TypedDocumentNode<{ zonesByInstallation: ZoneNode[] }, { installationId: number }> = gql`
  query WidgetSiteZones($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
      parentIds
      isDisabled
      isDeleted
    }
  }
`;
