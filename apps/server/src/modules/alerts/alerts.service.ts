import { type AlertConditionType, type OpeningHoursWindow, alertDraftProblem, alertRights, conditionInputMetrics, conditionReading, conditionNeedsFloorArea, hasFloorArea, normalizePhone, offeredConditionTypes } from '@sitelens/domain';
import { type Connection, decodeCursor, encodeCursor, pageSize } from '../../graphql/connection.ts';
import type { Context } from '../../graphql/context.ts';
import { badInput, forbidden, notFound } from '../../graphql/errors.ts';
import { domainCaller, requireCaller, requireOrganization } from '../access/access.ts';
import { requireMetricRight } from '../metrics/request/metricAccess.ts';
import { siteFamilies } from '../installations/installations.repo.ts';
import { alertAudience, mayReadAlerts } from './alertAudience.ts';
import { enqueueAlertCheck, resetAlertState } from './alerts.jobs.ts';
import {
  type AlertDetails,
  type AlertSort,
  type AlertWrite,
  alertPage,
  deleteAlertRow,
  devicesOfSite,
  eventOfSite,
  findAlertDetails,
  findAlertRow,
  insertAlert,
  installationOrganization,
  planningContacts,
  planningOrganization,
  setAlertEnabled,
  updateAlertRow,
  zoneOfSite,
} from './alerts.repo.ts';

type Right = 'read' | 'create' | 'edit' | 'delete';

/** dashboard.alert rights on the server (spec 002 §6); reading an alert is allowed to who may edit it. */
async function requireAlertRight(ctx: Context, ...anyOf: Right[]): Promise<void> {
  const rights = alertRights(await domainCaller(ctx));
  if (!anyOf.some((r) => rights[r])) throw forbidden();
}

async function ownAlert(ctx: Context, id: number): Promise<AlertDetails> {
  requireCaller(ctx);
  const [details] = await findAlertDetails(ctx.database, [id]);
  if (!details) throw notFound();
  requireOrganization(ctx, details.alert.organizationId);
  return details;
}

export async function alertById(ctx: Context, id: number): Promise<AlertDetails> {
  await requireAlertRight(ctx, 'read', 'edit');
  return ownAlert(ctx, id);
}

export interface AlertConnectionArgs {
  first?: number | null;
  after?: string | null;
  filter?: { searchValue?: string | null; alertIds?: number[] | null } | null;
  sort?: AlertSort | null;
}

export async function alertConnection(ctx: Context, args: AlertConnectionArgs): Promise<Connection<AlertDetails> & { totalCount: number }> {
  const { organizationIds } = requireCaller(ctx);
  await requireAlertRight(ctx, 'read', 'edit');
  const limit = pageSize(args.first ?? 15);
  const offset = args.after ? Number(decodeCursor('alert', args.after, 1)[0]) : 0;
  if (!Number.isSafeInteger(offset) || offset < 0) throw badInput('after', 'invalidCursor');
  const search = args.filter?.searchValue?.trim() || null;
  const alertIds = args.filter?.alertIds ?? null;
  if (alertIds && alertIds.length > 100) throw badInput('filter.alertIds', 'tooMany');
  const page = await alertPage(ctx.database, { organizationIds, search, alertIds, sort: args.sort ?? 'NAME_ASC', offset, limit: limit + 1 });
  const nodes = await findAlertDetails(ctx.database, page.ids.slice(0, limit));
  const edges = nodes.map((node, i) => ({ node, cursor: encodeCursor('alert', [offset + i + 1]) }));
  return { edges, pageInfo: { hasNextPage: page.ids.length > limit, endCursor: edges.at(-1)?.cursor ?? null }, totalCount: page.count };
}

export interface AlertConditionInput {
  type: string;
  value?: number | null;
  min?: number | null;
  max?: number | null;
  direction?: string | null;
  zoneId?: number | null;
  eventId?: number | null;
  padIds?: number[] | null;
  deviceAtmosphereIds?: number[] | null;
  padStatusCodes?: string[] | null;
  kinds?: string[] | null;
  maxTrigger?: number | null;
}

export interface AlertActionInput {
  type: string;
  msgTitle?: string | null;
  msgContent?: string | null;
  recipients?: number[] | null;
  url?: string | null;
}

export interface AlertPlanningInput {
  name?: string | null;
  mails?: string[] | null;
  phones?: string[] | null;
  userIds?: number[] | null;
}

interface AlertFields {
  name: string;
  organizationId: number;
  installationId?: number | null;
  eventId?: number | null;
  enabled?: boolean | null;
  schedule?: OpeningHoursWindow[] | null;
  reminderMinutes?: number | null;
  planningIds?: number[] | null;
}

export interface CreateAlertInput extends AlertFields {
  conditionsToAdd: AlertConditionInput[];
  actionsToAdd?: AlertActionInput[] | null;
  planningToAdd?: AlertPlanningInput | null;
}

export interface UpdateAlertInput extends AlertFields {
  id: number;
  conditions: AlertConditionInput[];
  actions?: AlertActionInput[] | null;
  planning?: AlertPlanningInput | null;
}

/**
 * Checks the draft with the shared rule, then every id against the organization and the site.
 * `savedType` is the condition type of the alert being edited: kept even where the site cannot measure it,
 * as the form keeps it (offeredConditionTypes).
 */
async function toWrite(
  ctx: Context,
  fields: AlertFields,
  installationId: number | null | undefined,
  conditions: AlertConditionInput[],
  actions: AlertActionInput[],
  planning: AlertPlanningInput | null | undefined,
  savedType = '',
): Promise<AlertWrite> {
  const caller = requireCaller(ctx);
  requireOrganization(ctx, fields.organizationId);
  if (installationId == null) throw badInput('installationId', 'required');
  const mails = (planning?.mails ?? []).map((m) => m.trim().toLowerCase()).filter(Boolean);
  const phones = (planning?.phones ?? []).map((p) => p.trim()).filter(Boolean);
  // Whom the notifications reach besides their recipients: the planning sent, else the one named by id (kept as stored).
  const named = !planning && fields.planningIds?.length === 1 ? await planningContacts(ctx.database, fields.planningIds[0]!, fields.organizationId) : null;
  const contacts = planning ? { mails, phones, userIds: planning.userIds ?? [] } : (named ?? { mails: [], phones: [], userIds: [] });
  const problem = alertDraftProblem({ name: fields.name, conditions, actions, ...contacts, schedule: fields.schedule, reminderMinutes: fields.reminderMinutes });
  if (problem) throw badInput(problem.field, problem.reason);
  if ((await installationOrganization(ctx.database, installationId)) !== fields.organizationId) throw notFound();
  const c = conditions[0]!;
  // A condition the site's events cannot measure would never hold (a CO₂ alert on a people-counting site).
  const families = await siteFamilies(ctx.database, installationId);
  if (!offeredConditionTypes(families, savedType).includes(c.type as AlertConditionType)) throw badInput('condition.type', 'notMeasured');
  const eventId = fields.eventId ?? c.eventId ?? null;
  if (eventId !== null && !(await eventOfSite(ctx.database, eventId, installationId))) throw notFound();
  const zone = c.zoneId != null ? await zoneOfSite(ctx.database, c.zoneId, installationId) : null;
  if (c.zoneId != null && !zone) throw notFound();
  // A density divides by the zone's floor area: without one the alert could never trigger.
  if (conditionNeedsFloorArea(c.type as AlertConditionType) && !hasFloorArea(zone?.areaM2)) throw badInput('condition.zoneId', 'noFloorArea');
  const pads = [...new Set(c.padIds ?? [])];
  if ((await devicesOfSite(ctx.database, pads, installationId, 'pad')).size !== pads.length) throw notFound();
  const atmosphere = [...new Set(c.deviceAtmosphereIds ?? [])];
  if ((await devicesOfSite(ctx.database, atmosphere, installationId, 'atmosphere')).size !== atmosphere.length) throw notFound();
  if (c.type === 'stopNGoLimit' && eventId === null) throw badInput('eventId', 'required');

  const wanted = [...new Set([...actions.flatMap((a) => a.recipients ?? []), ...(planning?.userIds ?? [])])];
  const members = new Map((await alertAudience(ctx.database, fields.organizationId, wanted)).map((r) => [r.userId, r]));
  if (members.size !== wanted.length) throw notFound();
  // Only members who may read alerts are told of one: their message opens a page they may open (issue 29.3).
  if ((planning?.userIds ?? []).some((id) => !mayReadAlerts(members.get(id)!.rights))) throw badInput('planning.userIds', 'noAlertRight');
  // Spec 002 §5: a channel needs a verified e-mail or phone on the recipient.
  for (const [i, a] of actions.entries()) {
    for (const id of a.recipients ?? []) {
      const r = members.get(id)!;
      if (!mayReadAlerts(r.rights)) throw badInput(`actions.${i}.recipients`, 'noAlertRight');
      if (a.type === 'email' && !r.emailVerified) throw badInput(`actions.${i}.recipients`, 'emailNotVerified');
      if (a.type === 'sms' && !r.phone) throw badInput(`actions.${i}.recipients`, 'noPhone');
      if (a.type === 'sms' && !r.phoneVerified) throw badInput(`actions.${i}.recipients`, 'phoneNotVerified');
    }
  }
  const planningIds = [...new Set(fields.planningIds ?? [])];
  if (planningIds.length > 1) throw badInput('planningIds', 'atMostOne');
  for (const id of planningIds) if ((await planningOrganization(ctx.database, id)) !== fields.organizationId) throw notFound();

  // An alert on a metric reads its data: the same right as a widget on it.
  const conditionMetric = conditionReading(c.type as AlertConditionType)?.metric;
  if (conditionMetric) await requireMetricRight(ctx, conditionMetric);

  return {
    organizationId: fields.organizationId,
    installationId,
    eventId,
    name: fields.name.trim(),
    enabled: fields.enabled ?? true,
    schedule: fields.schedule ?? [],
    reminderMinutes: fields.reminderMinutes ?? null,
    condition: {
      type: c.type,
      value: c.value ?? null,
      min: c.min ?? null,
      max: c.max ?? null,
      direction: c.type === 'flux' ? (c.direction ?? 'in') : (c.direction ?? null),
      zoneId: c.zoneId ?? null,
      eventId,
      padIds: pads,
      deviceAtmosphereIds: atmosphere,
      padStatusCodes: c.padStatusCodes ?? [],
      kinds: c.kinds ?? [],
      maxTrigger: c.maxTrigger ?? 0,
      inputMetrics: conditionInputMetrics(c.type as AlertConditionType),
    },
    actions: actions.map((a) => ({ type: a.type, msgTitle: a.msgTitle ?? '', msgContent: a.msgContent ?? '', recipients: [...new Set(a.recipients ?? [])], url: a.type === 'job' ? (a.url ?? null) : null })),
    planning: planning ? { name: planning.name?.trim() ?? '', mails, phones: phones.map((p) => normalizePhone(p)!), userIds: [...new Set(planning.userIds ?? [])] } : null,
    planningId: planningIds[0] ?? null,
    createdBy: caller.userId || null,
    now: ctx.now(),
  };
}

export interface AlertRecipientView {
  userId: number;
  name: string;
  email: string;
  emailVerified: boolean;
  hasPhone: boolean;
  phoneVerified: boolean;
  /** Whether the user may read alerts (dashboard.alert read or edit): only they can be recipients. */
  canReadAlerts: boolean;
}

/**
 * The organization's users, with what each channel needs and whether they may read alerts, for who
 * may create or edit alerts (no user-management right needed). The form offers only those who may
 * read alerts; the others are listed, not selectable, so one sees why.
 */
export async function alertRecipients(ctx: Context): Promise<AlertRecipientView[]> {
  const caller = requireCaller(ctx);
  await requireAlertRight(ctx, 'create', 'edit');
  const organizationId = caller.organizationIds[0];
  if (organizationId === undefined) return [];
  return (await alertAudience(ctx.database, organizationId, null)).map((u) => ({
    userId: u.userId,
    name: u.name,
    email: u.address,
    emailVerified: u.emailVerified,
    hasPhone: u.hasPhone,
    phoneVerified: u.phoneVerified,
    canReadAlerts: mayReadAlerts(u.rights),
  }));
}

export async function createAlertWithDetails(ctx: Context, input: CreateAlertInput): Promise<AlertDetails> {
  await requireAlertRight(ctx, 'create');
  const write = await toWrite(ctx, input, input.installationId, input.conditionsToAdd, input.actionsToAdd ?? [], input.planningToAdd);
  const id = await insertAlert(ctx.database, write);
  if (write.enabled) await enqueueAlertCheck(ctx, write.organizationId, id);
  return (await findAlertDetails(ctx.database, [id]))[0]!;
}

export async function updateAlertWithDetails(ctx: Context, input: UpdateAlertInput): Promise<AlertDetails> {
  await requireAlertRight(ctx, 'edit');
  const current = await ownAlert(ctx, input.id);
  if (current.alert.organizationId !== input.organizationId) throw notFound();
  const write = await toWrite(ctx, input, input.installationId ?? current.alert.installationId, input.conditions, input.actions ?? [], input.planning, current.condition?.type);
  // A changed definition starts from ok: the open episode, if any, ends now.
  await resetAlertState(ctx.database, current.alert.id, ctx.now());
  await updateAlertRow(ctx.database, current.alert.id, current.alert.planningId, write);
  if (write.enabled) await enqueueAlertCheck(ctx, write.organizationId, current.alert.id);
  return (await findAlertDetails(ctx.database, [current.alert.id]))[0]!;
}

export async function updateAlert(ctx: Context, input: { id: number; enabled?: boolean | null }): Promise<AlertDetails> {
  await requireAlertRight(ctx, 'edit');
  const current = await ownAlert(ctx, input.id);
  if (input.enabled == null) throw badInput('enabled', 'required');
  if (!input.enabled) await resetAlertState(ctx.database, current.alert.id, ctx.now());
  // Switched on, it is armed from now; switched on again while on, nothing changes.
  if (input.enabled !== current.alert.enabled) await setAlertEnabled(ctx.database, current.alert.id, input.enabled, ctx.now());
  if (input.enabled) await enqueueAlertCheck(ctx, current.alert.organizationId, current.alert.id);
  return (await findAlertDetails(ctx.database, [current.alert.id]))[0]!;
}

export async function deleteAlert(ctx: Context, id: number): Promise<number> {
  await requireAlertRight(ctx, 'delete');
  const alert = await findAlertRow(ctx.database, id);
  if (!alert) throw notFound();
  requireOrganization(ctx, alert.organizationId);
  await resetAlertState(ctx.database, id, ctx.now());
  await deleteAlertRow(ctx.database, id);
  return id;
}

