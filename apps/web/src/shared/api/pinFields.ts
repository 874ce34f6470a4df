import { graphql } from './graphql.ts';

/** A pinned shortcut as the pins menu and the home page both show it. */
export const PIN_FIELDS = graphql(`
  fragment PinFields on Pin {
    id
    title
    url
    order
    target
  }
`);
