/** Days are ISO weekdays: 1 = Monday ... 7 = Sunday. */
export interface OpeningHoursWindow {
  beginDay: number;
  beginHour: number;
  beginMinute: number;
  endDay: number;
  endHour: number;
  endMinute: number;
  /** Whether occupancy ("inside") is reset to zero at the end of this window. */
  reset: boolean;
}
