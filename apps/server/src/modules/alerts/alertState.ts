import type { AlertLogMetric } from '../alertlogs/alertlogs.tables.ts';
import type { AlertPadState } from './alerts.tables.ts';

/** What the condition measures now, where, and whether it holds. */
export interface Measure {
  holds: boolean;
  /** Whether the alert is armed (switched on, inside its schedule): a triggered one that is not ends at once. */
  armed: boolean;
  metrics: AlertLogMetric[];
  zoneId: number | null;
  passageId: number | null;
  deviceId: number | null;
  /** A status condition's pads in one of its states, named: the message says which and since when. */
  pads: AlertPadState[];
}

/** The evaluation state of an alert as read before its transaction. */
export interface AlertState {
  triggered: boolean;
  openLogId: number | null;
  clearingSince: Date | null;
  lastNotifiedAt: Date | null;
}
