import { graphql } from './graphql.ts';

/** A custom link of the menu (an organization's or a user's) as every document asks for it. */
export const CUSTOM_LINK_FIELDS = graphql(`
  fragment CustomLinkFields on CustomLink {
    text
    url
    iconSrc
    openOutside
  }
`);
