import { graphql } from '../../../shared/api/graphql.ts';

export const EXPORT_DATA = graphql(`
  query ExportData(
    $dataType: String!
    $from: DateTime!
    $to: DateTime!
    $userIds: [Int!]!
    $granularity: Int
    $includeSubZones: Boolean
    $target: ExportTarget
    $installationId: Int!
    $zoneIds: [Int!]!
    $format: ExportFormat
  ) {
    exportData(
      dataType: $dataType
      from: $from
      to: $to
      userIds: $userIds
      granularity: $granularity
      includeSubZones: $includeSubZones
      target: $target
      installationId: $installationId
      zoneIds: $zoneIds
      format: $format
    )
  }
`);

export const EXPORT_CHOICES = graphql(`
  query ExportChoices {
    exportRecipients {
      id
      name
      email
    }
  }
`);

export const MY_EXPORTS = graphql(`
  query MyExports {
    myExports {
      id
      siteName
      status
      rowsDone
      rowsTotal
      createdAt
    }
  }
`);
