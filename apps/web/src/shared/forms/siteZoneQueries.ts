import { graphql } from '../api/graphql.ts';
import { ZONE_TREE_FIELDS } from '../api/zoneTreeFields.ts';

/**
 * The zones a site form offers, with their place in the tree and their state (a form's default zone
 * is chosen from them, deleted ones are not offered). The export, scheduled-report and send-once
 * forms share it, and Apollo's cache.
 */
export const SITE_ZONES = graphql(
  `
    query SiteZones($installationId: Int!) {
      zonesByInstallation(installationId: $installationId) {
        ...ZoneTreeFields
      }
    }
  `,
  [ZONE_TREE_FIELDS],
);
