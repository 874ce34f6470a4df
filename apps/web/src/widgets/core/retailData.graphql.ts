import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RetailRequest } from './retailRequests.ts';

export interface RetailPoint {
  t: string | null;
  key: string | null;
  value: number | null;
}

export interface RetailSeries {
  key: string;
  label: string;
  points: RetailPoint[];
}

/** One answer of retailData: a metric's series. */
export interface RetailResult {
  metric: string;
  unit: string | null;
  series: RetailSeries[];
}

export const RETAIL_DATA_BATCH: TypedDocumentNode<{ retailDataBatch: RetailResult[] }, { inputs: RetailRequest[] }> = gql`
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
`;
