import { graphql } from './graphql.ts';

/** A zone as the zone tree needs it (filters, the zones table, the floor plan): its place, sensor and state. */
export const ZONE_TREE_FIELDS = graphql(`
  fragment ZoneTreeFields on Zone {
    id
    name
    parentIds
    sensorId
    isDisabled
    isDeleted
  }
`);
