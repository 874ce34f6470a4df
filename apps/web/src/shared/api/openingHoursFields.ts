import { graphql } from './graphql.ts';

/**
 * A site's opening hours as every document that needs them asks for them (spec 001 §4).
 * `__typename` is selected because Apollo adds it anyway: the type says what a row holds, so a form
 * that sends windows back knows to drop it.
 */
export const OPENING_HOURS_FIELDS = graphql(`
  fragment OpeningHoursFields on OpeningHoursWindow {
    __typename
    beginDay
    beginHour
    beginMinute
    endDay
    endHour
    endMinute
    reset
  }
`);
