import { gql, type TypedDocumentNode } from '@apollo/client';

export interface ShortLink {
  code: string;
  shortPath: string;
  path: string;
  query: string;
  url: string;
  token: string | null;
}

export const CREATE_SHORT_LINK: TypedDocumentNode<{ createShortLink: ShortLink }, { path: string }> = gql`
  mutation CreateShortLink($path: String!) {
    createShortLink(path: $path) {
      code
      shortPath
      path
      query
      url
      token
    }
  }
`;

export const SHORT_LINK_BY_CODE: TypedDocumentNode<{ shortLinkByCode: ShortLink }, { code: string }> = gql`
  query ShortLinkByCode($code: String!) {
    shortLinkByCode(code: $code) {
      code
      shortPath
      path
      query
      url
      token
    }
  }
`;
