import { graphql, type ResultOf } from '../../shared/api/graphql.ts';

export const RETAIL_DATA_BATCH = graphql(`
  query WidgetRetailData($inputs: [RetailDataInput!]!) {
    retailDataBatch(inputs: $inputs) {
      metric
      unit
      series {
        key
        label
        points {
          t
          key
          value
        }
      }
    }
  }
`);

/** One answer of retailData: a metric's series. */
export type RetailResult = ResultOf<typeof RETAIL_DATA_BATCH>['retailDataBatch'][number];
export type RetailSeries = RetailResult['series'][number];
export type RetailPoint = RetailSeries['points'][number];
