/**
 * "The next scheduled reports" on the home page (issue 21). Reports do not exist on this branch, so
 * the slot renders nothing. The reports branch replaces the body with its list of the next sends
 * (gated by gates.reports, the dashboard.report read right), keeping this component's name and
 * props: HomePage already places it under the alerts in both layouts.
 */
export function ScheduledReportsSlot(_props: { now: number; layout: 'cards' | 'compact' }) {
  return null;
}
