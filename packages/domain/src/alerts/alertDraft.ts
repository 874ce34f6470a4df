import type { OpeningHoursWindow } from '../installations/openingHours.ts';
import { normalizePhone } from '../phone/phoneNumber.ts';
import { emailError } from '../validation/userFields.ts';
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
  schedule?: readonly OpeningHoursWindow[] | null;
  reminderMinutes?: number | null;
}

export interface AlertProblem {
  field: string;
  reason: string;
}

export const ALERT_NAME_MAX_LENGTH = 120;
export const ALERT_TEXT_MAX_LENGTH = 2000;
export const MAX_REMINDER_MINUTES = 1440;

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
  for (const key of ['value', 'min', 'max'] as const) {
    const v = c[key];
    if (v != null && !Number.isFinite(v)) problems.push({ field: `condition.${key}`, reason: 'notANumber' });
  }
  if (c.maxTrigger != null && (!Number.isInteger(c.maxTrigger) || c.maxTrigger < 0)) problems.push({ field: 'condition.maxTrigger', reason: 'notANonNegativeInteger' });
  if (c.type === 'flux' && c.direction != null && c.direction !== 'in' && c.direction !== 'out') return [...problems, { field: 'condition.direction', reason: 'unknown' }];
  if (requiredConditionFields(c).includes('value') && c.value == null) problems.push({ field: 'condition.value', reason: 'required' });
  else if (c.type !== 'status' && c.type !== 'stopNGoLimit' && c.type !== 'intrusion' && c.min != null && c.max != null && c.min > c.max) {
    problems.push({ field: 'condition.max', reason: 'belowMin' });
  }
  const target = conditionTargetProblem(c);
  return target ? [...problems, target] : problems;
}

function actionProblem(a: AlertActionDraft, i: number): AlertProblem | null {
  if (!(ALERT_ACTION_TYPES as readonly string[]).includes(a.type)) return { field: `actions.${i}.type`, reason: 'unknown' };
  if ((a.msgTitle ?? '').length > ALERT_NAME_MAX_LENGTH) return { field: `actions.${i}.msgTitle`, reason: 'tooLong' };
  if ((a.msgContent ?? '').length > ALERT_TEXT_MAX_LENGTH) return { field: `actions.${i}.msgContent`, reason: 'tooLong' };
  if (a.type === 'job') {
    if (!a.url || !/^https?:\/\/[^\s]+$/i.test(a.url)) return { field: `actions.${i}.url`, reason: 'invalidUrl' };
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
    const p = actionProblem(a, i);
    if (p) problems.push(p);
  }
  if ((d.mails ?? []).some((mail) => emailError(mail))) problems.push({ field: 'planning.mails', reason: 'invalidEmail' });
  if ((d.phones ?? []).some((phone) => !normalizePhone(phone))) problems.push({ field: 'planning.phones', reason: 'invalidPhone' });
  if ((d.schedule ?? []).some((w) => scheduleWindowProblem(w))) problems.push({ field: 'schedule', reason: 'invalidWindow' });
  if (d.reminderMinutes != null && (!Number.isInteger(d.reminderMinutes) || d.reminderMinutes < 1 || d.reminderMinutes > MAX_REMINDER_MINUTES)) {
    problems.push({ field: 'reminderMinutes', reason: 'outOfRange' });
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
