import { graphql } from './graphql.ts';

/** An event as the pickers ask for it: its name and the days it runs (spec 002 §3), to tell ended ones. */
export const EVENT_PERIOD_FIELDS = graphql(`
  fragment EventPeriodFields on Event {
    id
    name
    dateBegin
    dateEnd
    neverEnding
  }
`);
