import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { normalizePhone } from '../phone/phoneNumber.ts';
import { emailError } from '../validation/userFields.ts';
import { metricDefinition } from '../metrics/catalogue/metricLookup.ts';
import { ALERT_ACTION_TYPES, ALERT_CONDITION_TYPES, type AlertConditionType, MAX_ALERT_ACTIONS, PAD_STATUS_CODES, conditionReading } from './alertConditions.ts';

export interface AlertConditionDraft {
  type: string;
  value?: number | null;
  min?: number | null;
  max?: number | null;
  direction?: string | null;
  zoneId?: number | null;
  padIds?: readonly number[] | null;
  deviceAtmosphereIds?: readonly number[] | null;
  padStatusCodes?: readonly string[] | null;
  maxTrigger?: number | null;
}

export interface AlertActionDraft {
  type: string;
  msgTitle?: string | null;
  msgContent?: string | null;
  recipients?: readonly number[] | null;
  /** The address a `job` (webhook) notification posts to. */
  url?: string | null;
}

export interface AlertDraft {
  name: string;
  conditions: readonly AlertConditionDraft[];
  actions: readonly AlertActionDraft[];
  mails?: readonly string[] | null;
  phones?: readonly string[] | null;
  /** Members told through every notification besides its own recipients (the planning's users). */
  userIds?: readonly number[] | null;
  schedule?: readonly OpeningHoursWindow[] | null;
  reminderMinutes?: number | null;
}

export interface AlertProblem {
  field: string;
  reason: string;
  /** The bounds a number broke ('outOfRange', 'belowMinimum'): the form's message names them. */
  min?: number;
  max?: number;
}

export const ALERT_NAME_MAX_LENGTH = 120;
export const ALERT_TEXT_MAX_LENGTH = 2000;
export const MAX_REMINDER_MINUTES = 1440;
/** The most messages per alert in 24 hours (0: no cap). */
export const MAX_ALERT_MAX_TRIGGER = 1000;

/** The values a number can take: null where it is unbounded. */
export interface NumberRange {
  min: number | null;
  max: number | null;
}

/**
 * The values a condition's threshold, minimum and maximum can take: those its metric can read
 * (spec 002 "Metric scales used in alerts and reports"). A score lies on its scale (comfort 1 to 5),
 * a percentage (humidity, %RH) from 0 to 100, a temperature (°C) anywhere; every other metric an
 * alert reads cannot be negative (people counted, inside, queue length, seconds waited, ppm, p/m², m²/p).
 * A threshold outside could never hold, or would always hold (a flux above -5).
 */
export function conditionValueRange(type: string, direction?: string | null): NumberRange {
  const reading = isType(type) ? conditionReading(type, direction) : null;
  const def = reading ? metricDefinition(reading.metric) : undefined;
  if (!def) return { min: null, max: null };
  if (def.scale) return { min: def.scale.min, max: def.scale.max };
  if (def.percentage || def.unit === '%' || def.unit === '%RH') return { min: 0, max: 100 };
  if (def.unit === '°C') return { min: null, max: null };
  return { min: 0, max: null };
}

/** The problem of a number outside its range, or null: 'outOfRange' between two bounds, 'belowMinimum' or 'aboveMaximum' past one. */
export function rangeProblem(field: string, value: number, range: NumberRange): AlertProblem | null {
  const { min, max } = range;
  if ((min === null || value >= min) && (max === null || value <= max)) return null;
  if (min !== null && max !== null) return { field, reason: 'outOfRange', min, max };
  return min !== null ? { field, reason: 'belowMinimum', min } : { field, reason: 'aboveMaximum', max: max! };
}

const isType = (t: string): t is AlertConditionType => (ALERT_CONDITION_TYPES as readonly string[]).includes(t);

/** A condition's field the rule can require: its threshold, or the targets its type reads. */
export type RequiredConditionField = 'value' | 'zoneId' | 'padIds' | 'deviceAtmosphereIds' | 'padStatusCodes';

/**
 * The fields the rule requires of the condition as it stands (the form marks them, the checks refuse
 * them empty): a threshold unless a minimum or maximum stands for it (none for status, Stop&Go and
 * intrusion), and the targets its type reads (pads and status codes; atmosphere devices unless a zone
 * is chosen; a zone, unless pads are chosen where those can stand for it).
 */
export function requiredConditionFields(c: AlertConditionDraft): RequiredConditionField[] {
  const type = c.type as AlertConditionType;
  if (type === 'status') return ['padIds', 'padStatusCodes'];
  if (type === 'stopNGoLimit') return [];
  const fields: RequiredConditionField[] = type !== 'intrusion' && c.min == null && c.max == null ? ['value'] : [];
  const targets = conditionReading(type, c.direction)?.targets;
  if (targets === 'atmosphereDevices' && c.zoneId == null) fields.push('deviceAtmosphereIds');
  if ((targets === 'pads' && !(c.padIds?.length ?? 0)) || targets === 'zone') fields.push('zoneId');
  return fields;
}

const isEmpty = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0);

/** Targets a condition type reads: a zone, atmosphere devices or pads (one of them), pads (status) or the site. */
export function conditionTargetProblem(c: AlertConditionDraft): AlertProblem | null {
  const missing = requiredConditionFields(c).find((f) => f !== 'value' && isEmpty(c[f]));
  if (missing) return { field: `condition.${missing}`, reason: 'required' };
  if (c.type === 'status' && c.padStatusCodes!.some((s) => !(PAD_STATUS_CODES as readonly string[]).includes(s))) return { field: 'condition.padStatusCodes', reason: 'unknown' };
  return null;
}

/** Every problem of the condition, one per field, in the form's order (type, numbers, threshold, targets). */
function conditionProblems(c: AlertConditionDraft): AlertProblem[] {
  if (!isType(c.type)) return [{ field: 'condition.type', reason: 'unknown' }];
  const problems: AlertProblem[] = [];
  const range = conditionValueRange(c.type, c.direction);
  for (const key of ['value', 'min', 'max'] as const) {
    const v = c[key];
    if (v == null) continue;
    const problem = Number.isFinite(v) ? rangeProblem(`condition.${key}`, v, range) : { field: `condition.${key}`, reason: 'notANumber' };
    if (problem) problems.push(problem);
  }
  if (c.maxTrigger != null) {
    const problem = Number.isInteger(c.maxTrigger) ? rangeProblem('condition.maxTrigger', c.maxTrigger, { min: 0, max: MAX_ALERT_MAX_TRIGGER }) : { field: 'condition.maxTrigger', reason: 'notANonNegativeInteger' };
    if (problem) problems.push(problem);
  }
  if (c.type === 'flux' && c.direction != null && c.direction !== 'in' && c.direction !== 'out') return [...problems, { field: 'condition.direction', reason: 'unknown' }];
  if (requiredConditionFields(c).includes('value') && c.value == null) problems.push({ field: 'condition.value', reason: 'required' });
  else if (c.type !== 'status' && c.type !== 'stopNGoLimit' && c.type !== 'intrusion' && c.min != null && c.max != null && c.min > c.max && !problems.some((p) => p.field === 'condition.max')) {
    problems.push({ field: 'condition.max', reason: 'belowMin' });
  }
  const target = conditionTargetProblem(c);
  return target ? [...problems, target] : problems;
}

/**
 * Whom a notification of the channel reaches besides its own recipients: the planning's users, and
 * the outside contacts of its channel (e-mail addresses for an e-mail, phone numbers for an SMS).
 * Nobody else is told (alertNotify.ts: not the alert's creator either).
 */
function othersReached(type: string, d: Pick<AlertDraft, 'mails' | 'phones' | 'userIds'>): number {
  const users = d.userIds?.length ?? 0;
  if (type === 'email') return users + (d.mails?.length ?? 0);
  if (type === 'sms') return users + (d.phones?.length ?? 0);
  return users;
}

function actionProblem(a: AlertActionDraft, i: number, d: Pick<AlertDraft, 'mails' | 'phones' | 'userIds'>): AlertProblem | null {
  if (!(ALERT_ACTION_TYPES as readonly string[]).includes(a.type)) return { field: `actions.${i}.type`, reason: 'unknown' };
  if ((a.msgTitle ?? '').length > ALERT_NAME_MAX_LENGTH) return { field: `actions.${i}.msgTitle`, reason: 'tooLong' };
  if ((a.msgContent ?? '').length > ALERT_TEXT_MAX_LENGTH) return { field: `actions.${i}.msgContent`, reason: 'tooLong' };
  if (a.type === 'job') {
    if (!a.url || !/^https?:\/\/[^\s]+$/i.test(a.url)) return { field: `actions.${i}.url`, reason: 'invalidUrl' };
  } else if (!(a.recipients?.length ?? 0) && othersReached(a.type, d) === 0) {
    // A notification that reaches nobody would leave a triggered alert unheard: say so rather than save it.
    return { field: `actions.${i}.recipients`, reason: a.type === 'email' ? 'noEmailRecipients' : a.type === 'sms' ? 'noSmsRecipients' : 'noPushRecipients' };
  }
  return null;
}

/**
 * Every problem of an alert as the form would save it, at most one per field, in the form's order:
 * the form shows them all at once.
 */
export function alertDraftProblems(d: AlertDraft): AlertProblem[] {
  const problems: AlertProblem[] = [];
  const name = d.name.trim();
  if (!name) problems.push({ field: 'name', reason: 'required' });
  else if (name.length > ALERT_NAME_MAX_LENGTH) problems.push({ field: 'name', reason: 'tooLong' });
  if (d.conditions.length !== 1) problems.push({ field: 'conditions', reason: 'exactlyOne' });
  else problems.push(...conditionProblems(d.conditions[0]!));
  if (d.actions.length > MAX_ALERT_ACTIONS) problems.push({ field: 'actions', reason: 'tooMany' });
  else for (const [i, a] of d.actions.entries()) {
    const p = actionProblem(a, i, d);
    if (p) problems.push(p);
  }
  if ((d.mails ?? []).some((mail) => emailError(mail))) problems.push({ field: 'planning.mails', reason: 'invalidEmail' });
  if ((d.phones ?? []).some((phone) => !normalizePhone(phone))) problems.push({ field: 'planning.phones', reason: 'invalidPhone' });
  if ((d.schedule ?? []).some((w) => scheduleWindowProblem(w))) problems.push({ field: 'schedule', reason: 'invalidWindow' });
  if (d.reminderMinutes != null && (!Number.isInteger(d.reminderMinutes) || d.reminderMinutes < 1 || d.reminderMinutes > MAX_REMINDER_MINUTES)) {
    problems.push({ field: 'reminderMinutes', reason: 'outOfRange', min: 1, max: MAX_REMINDER_MINUTES });
  }
  return problems;
}

/** The first problem of an alert as the form would save it, or null: the server refuses with it. */
export function alertDraftProblem(d: AlertDraft): AlertProblem | null {
  return alertDraftProblems(d)[0] ?? null;
}

/** A weekly window as opening hours hold them: ISO days 1–7, 00:00 to 24:00. */
export function scheduleWindowProblem(w: OpeningHoursWindow): string | null {
  const day = (d: number) => Number.isInteger(d) && d >= 1 && d <= 7;
  const time = (h: number, m: number) => Number.isInteger(h) && Number.isInteger(m) && h >= 0 && m >= 0 && m < 60 && (h < 24 || (h === 24 && m === 0));
  if (!day(w.beginDay) || !day(w.endDay)) return 'invalidDay';
  if (!time(w.beginHour, w.beginMinute) || !time(w.endHour, w.endMinute)) return 'invalidTime';
  // Read as opening hours, such a window would hold the whole week: a custom window is never empty.
  if (w.beginDay === w.endDay && w.beginHour === w.endHour && w.beginMinute === w.endMinute) return 'emptyWindow';
  return null;
}
