import { graphql } from '../../../shared/api/graphql.ts';

export const CREATE_SHORT_LINK = graphql(`
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
`);

export const SHORT_LINK_BY_CODE = graphql(`
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
`);
