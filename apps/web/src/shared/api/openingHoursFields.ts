import { gql } from '@apollo/client';

/** A site's opening hours as every document that needs them asks for them (spec 001 §4). */
export const OPENING_HOURS_FIELDS = gql`
  fragment OpeningHoursFields on OpeningHoursWindow {
    beginDay
    beginHour
    beginMinute
    endDay
    endHour
    endMinute
    reset
  }
`;
