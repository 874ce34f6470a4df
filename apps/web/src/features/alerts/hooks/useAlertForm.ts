import { useQuery } from '@apollo/client';
import { useMemo, useState } from 'react';
import { type AlertConditionType, type AlertProblem, siteConditionTypes, type OpeningHoursWindow, type WeeklyWindow, alertDraftProblems, conditionNeedsFloorArea, hasFloorArea, weeklyWindowsProblem, windowsOfWeekly } from '@sitelens/domain';
import { ALERT_FORM_OPTIONS, type AlertDetails } from '../graphql/alerts.ts';

export interface ConditionDraft {
  type: string;
  value: number | null;
  min: number | null;
  max: number | null;
  direction: string;
  zoneId: number | null;
  padIds: number[];
  deviceAtmosphereIds: number[];
  padStatusCodes: string[];
  /** Null while the field is empty: saved as 0, no cap. */
  maxTrigger: number | null;
}

export interface ActionDraft {
  type: string;
  msgTitle: string;
  msgContent: string;
  recipients: number[];
  url: string;
}

export interface AlertFormDraft {
  name: string;
  installationId: number | null;
  eventId: number | null;
  enabled: boolean;
  condition: ConditionDraft;
  actions: ActionDraft[];
  mails: string[];
  phones: string[];
  schedule: OpeningHoursWindow[];
  /** The custom weekly windows while the form edits them (null: always, opening hours, or stored windows untouched). */
  weekly: WeeklyWindow[] | null;
  reminderMinutes: number | null;
}

/**
 * The condition once another site is chosen: its zone, pads and sensors belong to the old site; and when
 * the new site cannot measure its type, it moves to the site's first one, leaving the thresholds, status
 * codes and direction of the old type behind (800 ppm is no number of people).
 */
export function conditionForSite(c: ConditionDraft, families: readonly string[] | undefined): ConditionDraft {
  const targetsCleared: ConditionDraft = { ...c, zoneId: null, padIds: [], deviceAtmosphereIds: [] };
  const types = siteConditionTypes(families);
  if (types.includes(c.type as AlertConditionType)) return targetsCleared;
  return { ...targetsCleared, type: types[0]!, value: null, min: null, max: null, padStatusCodes: [], direction: 'in' };
}

/** A new notification starts as an e-mail with empty title, content and recipients (spec 002 §3). */
export const NEW_ACTION: ActionDraft = { type: 'email', msgTitle: '', msgContent: '', recipients: [], url: '' };

/** A new alert on the given site (if any), starting on the first condition type that site can measure. */
export const emptyDraft = (site: { id: number; families: readonly string[] } | undefined): AlertFormDraft => ({
  name: '',
  installationId: site?.id ?? null,
  eventId: null,
  enabled: true,
  condition: { type: siteConditionTypes(site?.families)[0]!, value: null, min: null, max: null, direction: 'in', zoneId: null, padIds: [], deviceAtmosphereIds: [], padStatusCodes: [], maxTrigger: 0 },
  actions: [{ ...NEW_ACTION }],
  mails: [],
  phones: [],
  schedule: [],
  weekly: null,
  reminderMinutes: null,
});

const withoutTypename = (w: OpeningHoursWindow & { __typename?: string }): OpeningHoursWindow => ({
  beginDay: w.beginDay, beginHour: w.beginHour, beginMinute: w.beginMinute, endDay: w.endDay, endHour: w.endHour, endMinute: w.endMinute, reset: false,
});

export function draftOf(a: AlertDetails): AlertFormDraft {
  const c = a.condition;
  return {
    name: a.name,
    installationId: a.installationId,
    eventId: a.eventId ?? null,
    enabled: a.enabled,
    condition: {
      type: c?.type ?? 'co2', value: c?.value ?? null, min: c?.min ?? null, max: c?.max ?? null, direction: c?.direction ?? 'in', zoneId: c?.zoneId ?? null,
      padIds: c?.padIds ?? [], deviceAtmosphereIds: c?.deviceAtmosphereIds ?? [], padStatusCodes: c?.padStatusCodes ?? [], maxTrigger: c?.maxTrigger ?? 0,
    },
    actions: a.actions.map((x) => ({ type: x.type, msgTitle: x.msgTitle, msgContent: x.msgContent, recipients: x.recipients, url: x.url ?? '' })),
    mails: a.planning?.mails ?? [],
    phones: a.planning?.phones ?? [],
    schedule: a.schedule.map((w) => withoutTypename({ ...w, reset: false })),
    weekly: null,
    reminderMinutes: a.reminderMinutes ?? null,
  };
}

/** The variables of createAlertWithDetails / updateAlertWithDetails; undefined values are stripped by the client. */
export function alertVariables(d: AlertFormDraft, organizationId: number) {
  const c = d.condition;
  return {
    name: d.name.trim(),
    organizationId,
    installationId: d.installationId ?? 0,
    eventId: d.eventId,
    enabled: d.enabled,
    condition: { type: c.type, value: c.value, min: c.min, max: c.max, direction: c.type === 'flux' ? c.direction : null, zoneId: c.zoneId, padIds: c.padIds, deviceAtmosphereIds: c.deviceAtmosphereIds, padStatusCodes: c.padStatusCodes, maxTrigger: c.maxTrigger ?? 0, eventId: d.eventId, kinds: ['person'] },
    actions: d.actions.map((a) => ({ type: a.type, msgTitle: a.msgTitle, msgContent: a.msgContent, recipients: a.recipients, url: a.type === 'job' ? a.url : null })),
    planning: { name: d.name.trim(), mails: d.mails, phones: d.phones, userIds: [] as number[] },
    schedule: scheduleOf(d).map(({ reset: _reset, ...w }) => w),
    reminderMinutes: d.reminderMinutes,
  };
}

/** The windows the alert is saved with: the custom ones as edited, else the chosen ones. */
const scheduleOf = (d: AlertFormDraft): OpeningHoursWindow[] => (d.weekly ? windowsOfWeekly(d.weekly) : d.schedule);

/** Floor area (m², null when not known) of each of the site's zones, once loaded. */
type ZoneAreas = ReadonlyMap<number, number | null>;

/**
 * Every problem of the draft, at most one per field: a site, the custom windows that cannot be saved,
 * the shared rule's, and a density on a zone without floor area (the server refuses it too).
 */
export function problemsOf(d: AlertFormDraft, areas: ZoneAreas | undefined): AlertProblem[] {
  const problems: AlertProblem[] = [];
  if (d.installationId === null) problems.push({ field: 'installationId', reason: 'required' });
  const weekly = d.weekly ? weeklyWindowsProblem(d.weekly) : null;
  if (weekly) problems.push({ field: `schedule.${weekly.index}`, reason: weekly.reason });
  // The same rule as the server's: the form sends no planning users (userIds: [] in alertVariables).
  const shared = alertDraftProblems({ name: d.name, conditions: [d.condition], actions: d.actions, mails: d.mails, phones: d.phones, userIds: [], schedule: scheduleOf(d), reminderMinutes: d.reminderMinutes });
  problems.push(...shared.filter((p) => !(weekly && p.field === 'schedule')));
  const zoneId = d.condition.zoneId;
  if (areas && zoneId !== null && areas.has(zoneId) && conditionNeedsFloorArea(d.condition.type as AlertConditionType) && !hasFloorArea(areas.get(zoneId))) problems.push({ field: 'condition.zoneId', reason: 'noFloorArea' });
  return problems;
}

/** The form's state: the draft, whether it differs from its initial copy, the site's options, and its problems. */
export function useAlertForm(initial: AlertFormDraft) {
  const [start, setStart] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(start), [draft, start]);
  // The site's zones, sensors, pads and events; the zones' floor areas feed the rule below.
  const optionsQuery = useQuery(ALERT_FORM_OPTIONS, { variables: { installationId: draft.installationId ?? 0 }, skip: draft.installationId === null });
  const zones = optionsQuery.data?.zonesByInstallation;
  const areas = useMemo(() => (zones ? new Map(zones.map((z) => [z.id, z.areaM2 ?? null])) : undefined), [zones]);
  const problems = useMemo(() => problemsOf(draft, areas), [draft, areas]);
  const update = (patch: Partial<AlertFormDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setCondition = (patch: Partial<ConditionDraft>) => setDraft((d) => ({ ...d, condition: { ...d.condition, ...patch } }));
  const setAction = (i: number, patch: Partial<ActionDraft>) => setDraft((d) => ({ ...d, actions: d.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) }));
  // Once Save was pressed, every field shows its own problem (its first), not one field per Save.
  const problemOf = (field: string) => (tried ? (problems.find((p) => p.field === field || p.field.startsWith(`${field}.`)) ?? null) : null);
  const errorOf = (field: string) => problemOf(field)?.reason ?? null;
  return { draft, dirty, problems, optionsQuery, tried, setTried, update, setCondition, setAction, errorOf, problemOf, reset: () => setDraft(start), markSaved: () => setStart(draft) };
}
