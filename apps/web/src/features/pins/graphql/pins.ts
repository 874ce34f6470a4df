import { PIN_FIELDS } from '../../../shared/api/pinFields.ts';
import { graphql, type ResultOf } from '../../../shared/api/graphql.ts';

export const PINS = graphql(
  `
    query Pins {
      pins {
        ...PinFields
      }
    }
  `,
  [PIN_FIELDS],
);

export type Pin = ResultOf<typeof PINS>['pins'][number];

export const ADD_PIN = graphql(`
  mutation AddPin($url: String!, $title: String!) {
    addPin(url: $url, title: $title) {
      id
    }
  }
`);

export const UPDATE_PIN = graphql(`
  mutation UpdatePin($id: Int!, $title: String!, $order: Int, $url: String, $target: String) {
    updatePin(id: $id, title: $title, order: $order, url: $url, target: $target) {
      id
    }
  }
`);

export const DELETE_PIN = graphql(`
  mutation DeletePin($id: Int!) {
    deletePin(id: $id)
  }
`);

export const REORDER_PINS = graphql(`
  mutation ReorderPins($ids: [Int!]!) {
    reorderPins(ids: $ids) {
      id
    }
  }
`);
