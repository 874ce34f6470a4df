import { isoDateAddDays, isoDateDiffDays, parseIsoDate } from '../time/calendarDate.ts';

export const MIGRATION_WARNING_DAYS = 7;

export type MigrationBannerState = 'hidden' | 'normal' | 'warning' | 'afterDeadline';

export interface MigrationBanner {
  state: MigrationBannerState;
  /** The day the old version is gone: deadline plus one day, as DD.MM.YYYY. */
  displayDate: string | null;
  /** Days from today to the deadline; negative once it has passed. */
  daysLeft: number | null;
}

const HIDDEN: MigrationBanner = { state: 'hidden', displayDate: null, daysLeft: null };

/**
 * `today` is the viewer's local calendar date. A deadline that is not a real 'YYYY-MM-DD' date
 * hides the banner rather than breaking the page it sits on.
 */
export function migrationBanner(input: { deadline: string | null; loading: boolean; today: string }): MigrationBanner {
  const { deadline, loading, today } = input;
  if (loading || !deadline || !parseIsoDate(deadline)) return HIDDEN;
  const daysLeft = isoDateDiffDays(today, deadline);
  const [year, month, day] = isoDateAddDays(deadline, 1).split('-');
  const displayDate = `${day}.${month}.${year}`;
  const state = daysLeft < 0 ? 'afterDeadline' : daysLeft <= MIGRATION_WARNING_DAYS ? 'warning' : 'normal';
  return { state, displayDate, daysLeft };
}
