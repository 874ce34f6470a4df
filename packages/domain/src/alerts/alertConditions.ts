import { type OpeningHoursWindow } from '../installations/openingHours.ts';
import { isOpenAt } from '../installations/openingHoursRules.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';

/** The 13 condition types of spec 002 §3, as the API spells them. Meanings: docs/decisions.md. */
export const ALERT_CONDITION_TYPES = [
  'co2',
  'flux',
  'humidity',
  'intrusion',
  'limit',
  'status',
  'stopNGoLimit',
  'temperature',
  'waitingTime',
  'reverseDensity',
  'comfortScale',
  'density',
  'linearDensity',
] as const;
export type AlertConditionType = (typeof ALERT_CONDITION_TYPES)[number];

export const PAD_STATUS_CODES = ['operational', 'internetLost', 'padsDisconnected'] as const;
export type PadStatusCode = (typeof PAD_STATUS_CODES)[number];

export const ALERT_ACTION_TYPES = ['email', 'push', 'sms', 'job'] as const;
export type AlertActionType = (typeof ALERT_ACTION_TYPES)[number];

/** Spec 002 §4 and §9. */
export const MAX_ALERT_ACTIONS = 5;
export const ALERT_PAGE_SIZE = 15;
/** The window a flux or an intrusion counts over: the spec's rolling inflow window. */
export const ALERT_WINDOW_MINUTES = 15;
/** A device silent this long is "internet lost" (status conditions). */
export const DEVICE_SILENCE_MINUTES = 30;

/** How a condition reads the metrics engine: which metric, over which targets, compared how. */
export interface ConditionReading {
  metric: string;
  /** 'now': the engine's current value; 'window': the aggregate over the last ALERT_WINDOW_MINUTES. */
  span: 'now' | 'window';
  aggregation: 'avg' | 'sum';
  /** 'above': value > threshold; 'below': value < threshold. */
  compare: 'above' | 'below';
  targets: 'zone' | 'atmosphereDevices' | 'pads' | 'site';
}

const threshold = (metric: string, targets: ConditionReading['targets'], compare: ConditionReading['compare'] = 'above', span: ConditionReading['span'] = 'window', aggregation: ConditionReading['aggregation'] = 'avg'): ConditionReading => ({ metric, span, aggregation, compare, targets });

/** Null for the two conditions that are not a metric against a threshold (status, Stop&Go limit). */
export function conditionReading(type: AlertConditionType, direction?: string | null): ConditionReading | null {
  switch (type) {
    case 'co2':
    case 'humidity':
    case 'temperature':
      return threshold(type, 'atmosphereDevices');
    case 'waitingTime':
      return threshold('waitingTime', 'zone');
    case 'comfortScale':
      return threshold('comfortScore', 'zone', 'below');
    case 'density':
      return threshold('density', 'zone', 'above', 'now');
    case 'reverseDensity':
      return threshold('reverseDensity', 'zone', 'below', 'now');
    case 'limit':
      return threshold('inside', 'zone', 'above', 'now');
    case 'linearDensity':
      return threshold('queueLength', 'zone', 'above', 'window', 'avg');
    case 'flux':
      return threshold(direction === 'out' ? 'visitorsOut' : 'visitorsIn', 'pads', 'above', 'window', 'sum');
    case 'intrusion':
      return threshold('visitorsIn', 'pads', 'above', 'window', 'sum');
    case 'status':
    case 'stopNGoLimit':
      return null;
  }
}

/**
 * Whether the condition counts events over its window (entries, exits: flux and intrusion) rather
 * than reading a level: events from before the alert was armed do not count (alertArming.ts).
 */
export const countsEvents = (reading: Pick<ConditionReading, 'span' | 'aggregation'>): boolean => reading.span === 'window' && reading.aggregation === 'sum';

/** Whether the condition's metric divides by the zone's floor area (density, reverse density): such an alert needs a zone with one. */
export function conditionNeedsFloorArea(type: AlertConditionType): boolean {
  const metric = conditionReading(type)?.metric;
  const formula = metric ? metricDefinition(metric)?.derivation?.formula : undefined;
  return formula === 'perArea' || formula === 'areaPer';
}

/** A floor area the engine can divide by: a positive number of m². */
export const hasFloorArea = (areaM2: number | null | undefined): boolean => typeof areaM2 === 'number' && Number.isFinite(areaM2) && areaM2 > 0;

/** Stored metrics whose readings can change the condition: an ingested batch wakes only the alerts it can affect (time wakes the rest). */
export function conditionInputMetrics(type: AlertConditionType): string[] {
  switch (type) {
    case 'co2':
    case 'humidity':
    case 'temperature':
    case 'waitingTime':
      return [type];
    case 'comfortScale':
      return ['temperature', 'humidity', 'co2', 'tvoc', 'pm25', 'pm10', 'hcho', 'luminosity'];
    case 'density':
    case 'reverseDensity':
    case 'limit':
    case 'stopNGoLimit':
    case 'flux':
      return ['visitorsIn', 'visitorsOut'];
    case 'intrusion':
      return ['visitorsIn'];
    case 'linearDensity':
      return ['queueLength'];
    case 'status':
      // A pad's counts are its heartbeat: they may bring it back to operational.
      return ['visitorsIn', 'visitorsOut'];
  }
}

export interface ThresholdCondition {
  value?: number | null;
  min?: number | null;
  max?: number | null;
}

/**
 * Whether a measured value holds the condition. With min or max set the condition holds outside
 * [min, max]; otherwise it holds past `value` in the reading's direction. No value measured: it does not hold.
 */
export function thresholdHolds(reading: Pick<ConditionReading, 'compare'>, c: ThresholdCondition, measured: number | null): boolean {
  if (measured === null || !Number.isFinite(measured)) return false;
  if (c.min != null || c.max != null) return (c.min != null && measured < c.min) || (c.max != null && measured > c.max);
  if (c.value == null) return false;
  return reading.compare === 'above' ? measured > c.value : measured < c.value;
}

/**
 * Whether some value in [low, high] may hold the condition. The values where a condition does not
 * hold form one interval ([min, max], up to `value` or down to it), so when neither end holds, no
 * value between does: a count known to lie between 0 and a wider window's count needs no reading
 * of its own then.
 */
export function mayHoldBetween(reading: Pick<ConditionReading, 'compare'>, c: ThresholdCondition, low: number, high: number | null): boolean {
  return thresholdHolds(reading, c, low) || thresholdHolds(reading, c, high);
}

/** The threshold an alert log reports beside the value: the bound that was crossed. */
export function crossedThreshold(c: ThresholdCondition, measured: number): number {
  if (c.min != null && measured < c.min) return c.min;
  if (c.max != null && measured > c.max) return c.max;
  return c.value ?? 0;
}

/** A pad's status from the last time it and its site reported (status conditions). */
export function padStatus(lastSeen: number | null, siteLastSeen: number | null, now: number, silenceMinutes = DEVICE_SILENCE_MINUTES): PadStatusCode {
  const silent = (t: number | null) => t === null || now - t > silenceMinutes * 60_000;
  if (!silent(lastSeen)) return 'operational';
  return silent(siteLastSeen) ? 'internetLost' : 'padsDisconnected';
}

/** Whether the alert is armed at `ts`: no window means always; windows are read in the site's zone. */
export function scheduleActive(windows: readonly OpeningHoursWindow[], ts: number, tz: string): boolean {
  return isOpenAt(ts, windows, tz);
}
