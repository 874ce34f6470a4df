import { graphql } from '../../../shared/api/graphql.ts';

/** A short link as the share button gets it and its page reads it back. */
const SHORT_LINK_FIELDS = graphql(`
  fragment ShortLinkFields on ShortLink {
    code
    shortPath
    path
    query
    url
    token
  }
`);

export const CREATE_SHORT_LINK = graphql(
  `
    mutation CreateShortLink($path: String!) {
      createShortLink(path: $path) {
        ...ShortLinkFields
      }
    }
  `,
  [SHORT_LINK_FIELDS],
);

export const SHORT_LINK_BY_CODE = graphql(
  `
    query ShortLinkByCode($code: String!) {
      shortLinkByCode(code: $code) {
        ...ShortLinkFields
      }
    }
  `,
  [SHORT_LINK_FIELDS],
);
