import { gql, type TypedDocumentNode } from '@apollo/client';

export interface Pin {
  id: number;
  title: string;
  url: string;
  order: number;
  target: string | null;
}

export const PINS: TypedDocumentNode<{ pins: Pin[] }, Record<string, never>> = gql`
  query Pins {
    pins {
      id
      title
      url
      order
      target
    }
  }
`;

export const ADD_PIN: TypedDocumentNode<{ addPin: Pin }, { url: string; title: string }> = gql`
  mutation AddPin($url: String!, $title: String!) {
    addPin(url: $url, title: $title) {
      id
    }
  }
`;

export const UPDATE_PIN: TypedDocumentNode<{ updatePin: Pin }, { id: number; title: string; order?: number; url?: string; target?: string }> = gql`
  mutation UpdatePin($id: Int!, $title: String!, $order: Int, $url: String, $target: String) {
    updatePin(id: $id, title: $title, order: $order, url: $url, target: $target) {
      id
    }
  }
`;

export const DELETE_PIN: TypedDocumentNode<{ deletePin: number }, { id: number }> = gql`
  mutation DeletePin($id: Int!) {
    deletePin(id: $id)
  }
`;

export const REORDER_PINS: TypedDocumentNode<{ reorderPins: Pin[] }, { ids: number[] }> = gql`
  mutation ReorderPins($ids: [Int!]!) {
    reorderPins(ids: $ids) {
      id
    }
  }
`;
