import { graphql } from '../api/graphql.ts';

/** The zones a site form offers (the export, scheduled-report and send-once forms share it, and Apollo's cache). */
export const SITE_ZONES = graphql(`
  query SiteZones($installationId: Int!) {
    zonesByInstallation(installationId: $installationId) {
      id
      name
    }
  }
`);
