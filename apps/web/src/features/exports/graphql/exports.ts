import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

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
      from
      to
      timeZone
      changeOfDayTime
      format
      dataType
      granularity
      requestedByMe
      requestedBy
      myLink
      liveLinks
    }
  }
`);

export type RecentExport = ResultOf<typeof MY_EXPORTS>['myExports'][number];

export const REVOKE_EXPORT_LINKS = graphql(`
  mutation RevokeExportLinks($requestId: Int!) {
    revokeExportLinks(requestId: $requestId)
  }
`);

export const EXPORT_LINK = graphql(`
  query ExportLink($token: String!) {
    exportLink(token: $token) {
      state
      file {
        fileName
        bytes
        expiresAt
        siteName
        from
        to
        timeZone
        changeOfDayTime
        format
      }
    }
  }
`);

export const REVOKE_EXPORT_LINK = graphql(`
  mutation RevokeExportLink($token: String!) {
    revokeExportLink(token: $token)
  }
`);
