import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const IMPORT_SALES_METRICS = graphql(`
  mutation ImportSalesMetricsCsv($input: ImportSalesMetricsInput!) {
    importSalesMetricsCsv(input: $input) {
      id
      fileUrl
      fileName
      encoding
      rowsRead
      rowsImported
      rowsRefused
      receiptsReplaced
      errorCount
      errors {
        row
        column
        code
        found
      }
    }
  }
`);

export const SALES_SETTINGS = graphql(`
  query SalesSettings {
    salesSettings {
      reportingCurrency
      exchangeRates {
        currency
        rate
      }
      shops {
        zoneId
        zoneName
        installationId
        installationName
        shopCode
      }
      recentImports {
        id
        fileName
      encoding
        fileUrl
        rowsImported
        rowsRefused
        receiptsReplaced
        createdAt
      }
    }
  }
`);

export const SALES_ZONES = graphql(`
  query SalesZones {
    allInstallations {
      id
      name
      zones {
        id
        name
        isDeleted
      }
    }
  }
`);

export const SET_ZONE_SHOP_CODE = graphql(`
  mutation SetZoneShopCode($zoneId: Int!, $shopCode: String) {
    setZoneShopCode(zoneId: $zoneId, shopCode: $shopCode) {
      shops {
        zoneId
        zoneName
        installationId
        installationName
        shopCode
      }
    }
  }
`);

export const SET_SALES_REPORTING_CURRENCY = graphql(`
  mutation SetSalesReportingCurrency($currency: String!) {
    setSalesReportingCurrency(currency: $currency) {
      reportingCurrency
    }
  }
`);

export const SET_SALES_EXCHANGE_RATE = graphql(`
  mutation SetSalesExchangeRate($currency: String!, $rate: Float) {
    setSalesExchangeRate(currency: $currency, rate: $rate) {
      exchangeRates {
        currency
        rate
      }
    }
  }
`);

export type SalesImportAnswer = ResultOf<typeof IMPORT_SALES_METRICS>['importSalesMetricsCsv'];
export type SalesSettings = ResultOf<typeof SALES_SETTINGS>['salesSettings'];
