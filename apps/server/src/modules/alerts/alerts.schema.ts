import { ALERT_MESSAGE_PERIOD_HOURS, ALERT_PAGE_SIZE } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { connectionRef } from '../../graphql/connectionTypes.ts';
import type { AlertActionRow, AlertConditionRow, AlertPlanningRow } from './alerts.tables.ts';
import type { AlertDetails } from './alerts.repo.ts';
import { type AlertRecipientView, alertById, alertConnection, alertRecipients, createAlertWithDetails, deleteAlert, updateAlert, updateAlertWithDetails } from './alerts.service.ts';
import { subscribeLiveAlerts } from './liveAlerts.ts';
import type { LiveAlert } from '../../live/livePubSub.ts';

type Window = AlertDetails['alert']['schedule'][number];

const ScheduleWindowRef = builder.objectRef<Window>('AlertScheduleWindow').implement({
  description: 'A weekly window in the site’s time zone (ISO days, 1 = Monday) when the alert is armed.',
  fields: (t) => ({
    beginDay: t.exposeInt('beginDay'),
    beginHour: t.exposeInt('beginHour'),
    beginMinute: t.exposeInt('beginMinute'),
    endDay: t.exposeInt('endDay'),
    endHour: t.exposeInt('endHour'),
    endMinute: t.exposeInt('endMinute'),
  }),
});

const ConditionRef = builder.objectRef<AlertConditionRow>('AlertCondition').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'co2, flux, humidity, intrusion, limit, status, stopNGoLimit, temperature, waitingTime, reverseDensity, comfortScale, density, linearDensity.' }),
    value: t.exposeFloat('value', { nullable: true }),
    min: t.exposeFloat('min', { nullable: true }),
    max: t.exposeFloat('max', { nullable: true }),
    direction: t.exposeString('direction', { nullable: true, description: 'flux: in (entries) or out (exits).' }),
    zoneId: t.exposeInt('zoneId', { nullable: true }),
    eventId: t.exposeInt('eventId', { nullable: true }),
    padIds: t.exposeIntList('padIds'),
    deviceAtmosphereIds: t.exposeIntList('deviceAtmosphereIds'),
    padStatusCodes: t.exposeStringList('padStatusCodes', { description: 'operational, internetLost, padsDisconnected.' }),
    kinds: t.exposeStringList('kinds'),
    maxTrigger: t.exposeInt('maxTrigger', { description: `Most notifications of the alert over any ${ALERT_MESSAGE_PERIOD_HOURS} hours, triggers and reminders together; 0: no cap.` }),
  }),
});

const ActionRef = builder.objectRef<AlertActionRow>('AlertAction').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: 'email, push, sms or job (a signed webhook to url).' }),
    msgTitle: t.exposeString('msgTitle'),
    msgContent: t.exposeString('msgContent'),
    recipients: t.exposeIntList('recipients', { description: 'User ids of the organization.' }),
    url: t.exposeString('url', { nullable: true }),
  }),
});

const PlanningRef = builder.objectRef<AlertPlanningRow>('AlertPlanning').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    mails: t.exposeStringList('mails'),
    phones: t.exposeStringList('phones'),
    userIds: t.exposeIntList('userIds'),
  }),
});

/** An alert's outside contacts: its planning's e-mails and phones, empty lists when it has no planning (the demo's alerts). */
const ContactsRef = builder.objectRef<{ mails: string[]; phones: string[] }>('AlertContacts').implement({
  fields: (t) => ({
    mails: t.exposeStringList('mails'),
    phones: t.exposeStringList('phones'),
  }),
});

export const AlertRef = builder.objectRef<AlertDetails>('Alert').implement({
  fields: (t) => ({
    id: t.int({ resolve: (d) => d.alert.id }),
    name: t.string({ resolve: (d) => d.alert.name }),
    title: t.string({ description: 'The same as name (the spec’s title, sent as name).', resolve: (d) => d.alert.name }),
    enabled: t.boolean({ resolve: (d) => d.alert.enabled }),
    organizationId: t.int({ resolve: (d) => d.alert.organizationId }),
    installationId: t.int({ resolve: (d) => d.alert.installationId }),
    eventId: t.int({ nullable: true, resolve: (d) => d.alert.eventId }),
    condition: t.field({ type: ConditionRef, nullable: true, resolve: (d) => d.condition }),
    conditions: t.field({ type: [ConditionRef], resolve: (d) => (d.condition ? [d.condition] : []) }),
    conditionIds: t.intList({ resolve: (d) => (d.condition ? [d.condition.id] : []) }),
    actions: t.field({ type: [ActionRef], description: 'The notifications, at most 5.', resolve: (d) => d.actions }),
    actionIds: t.intList({ resolve: (d) => d.actions.map((a) => a.id) }),
    contacts: t.field({ type: ContactsRef, resolve: (d) => ({ mails: d.planning?.mails ?? [], phones: d.planning?.phones ?? [] }) }),
    planning: t.field({ type: PlanningRef, nullable: true, resolve: (d) => d.planning }),
    planningId: t.int({ nullable: true, resolve: (d) => d.alert.planningId }),
    planningIds: t.intList({ resolve: (d) => (d.alert.planningId ? [d.alert.planningId] : []) }),
    schedule: t.field({ type: [ScheduleWindowRef], description: 'Empty: always armed.', resolve: (d) => d.alert.schedule }),
    reminderMinutes: t.int({ nullable: true, resolve: (d) => d.alert.reminderMinutes }),
    triggered: t.boolean({ description: 'Whether the alert is triggered now.', resolve: (d) => d.alert.triggered }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.alert.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.alert.updatedAt }),
  }),
});

const AlertConnectionRef = connectionRef('Alert', AlertRef);
builder.objectFields(AlertConnectionRef, (t) => ({
  count: t.int({ description: 'Alerts matching the search, over every page.', resolve: (c) => c.totalCount ?? 0 }),
  nodes: t.field({ type: [AlertRef], resolve: (c) => c.edges.map((e) => e.node) }),
}));

const AlertSortEnum = builder.enumType('AlertSort', { values: ['NAME_ASC', 'NAME_DESC', 'CREATED_DESC', 'CREATED_ASC'] as const });

const AlertFilterInput = builder.inputType('AlertFilterInput', {
  fields: (t) => ({
    searchValue: t.string({ description: 'Part of the alert’s or its site’s name, any case.' }),
    alertIds: t.intList({ description: 'Only these alerts (at most 100): the list a message on one alert opens.' }),
  }),
});

const ScheduleWindowInput = builder.inputType('AlertScheduleWindowInput', {
  fields: (t) => ({
    beginDay: t.int({ required: true }),
    beginHour: t.int({ required: true }),
    beginMinute: t.int({ required: true }),
    endDay: t.int({ required: true }),
    endHour: t.int({ required: true }),
    endMinute: t.int({ required: true }),
  }),
});

const ConditionInput = builder.inputType('AlertConditionInput', {
  fields: (t) => ({
    id: t.int({ description: 'Ignored: an alert has exactly one condition, replaced on update.' }),
    type: t.string({ required: true }),
    value: t.float(),
    min: t.float(),
    max: t.float(),
    direction: t.string(),
    zoneId: t.int(),
    eventId: t.int(),
    padIds: t.intList(),
    deviceAtmosphereIds: t.intList(),
    padStatusCodes: t.stringList(),
    kinds: t.stringList(),
    maxTrigger: t.int(),
  }),
});

const ActionInput = builder.inputType('AlertActionInput', {
  fields: (t) => ({
    id: t.int({ description: 'Ignored: the actions are replaced on update.' }),
    type: t.string({ required: true }),
    msgTitle: t.string(),
    msgContent: t.string(),
    recipients: t.intList(),
    url: t.string(),
  }),
});

const PlanningInput = builder.inputType('AlertPlanningInput', {
  fields: (t) => ({ id: t.int(), name: t.string(), mails: t.stringList(), phones: t.stringList(), userIds: t.intList() }),
});

const CreateInput = builder.inputType('CreateAlertWithDetailsInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    organizationId: t.int({ required: true }),
    installationId: t.int({ required: true }),
    eventId: t.int(),
    enabled: t.boolean(),
    conditionsToAdd: t.field({ type: [ConditionInput], required: true }),
    actionsToAdd: t.field({ type: [ActionInput] }),
    planningToAdd: t.field({ type: PlanningInput }),
    planningIds: t.intList(),
    schedule: t.field({ type: [ScheduleWindowInput] }),
    reminderMinutes: t.int(),
  }),
});

const UpdateInput = builder.inputType('UpdateAlertWithDetailsInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    name: t.string({ required: true }),
    organizationId: t.int({ required: true }),
    installationId: t.int(),
    eventId: t.int(),
    enabled: t.boolean(),
    conditions: t.field({ type: [ConditionInput], required: true }),
    actions: t.field({ type: [ActionInput] }),
    planning: t.field({ type: PlanningInput }),
    planningIds: t.intList(),
    schedule: t.field({ type: [ScheduleWindowInput] }),
    reminderMinutes: t.int(),
  }),
});

const withReset = (w: Omit<Window, 'reset'>): Window => ({ ...w, reset: false });

const RecipientRef = builder.objectRef<AlertRecipientView>('AlertRecipient').implement({
  fields: (t) => ({
    userId: t.exposeInt('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    emailVerified: t.exposeBoolean('emailVerified'),
    hasPhone: t.exposeBoolean('hasPhone'),
    phoneVerified: t.exposeBoolean('phoneVerified'),
    canReadAlerts: t.exposeBoolean('canReadAlerts', { description: 'Whether the user may read alerts (dashboard.alert read or edit): only such users can be recipients.' }),
  }),
});

builder.queryFields((t) => ({
  alertRecipients: t.field({
    type: [RecipientRef],
    description: 'Users of the organization, with whether each may be notified (canReadAlerts) and on which channel. Needs dashboard.alert create or edit.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => alertRecipients(ctx),
  }),
  alertById: t.field({
    type: AlertRef,
    description: 'Needs dashboard.alert read (or edit).',
    authScopes: { signedIn: true },
    args: { alertId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => alertById(ctx, a.alertId),
  }),
  alertConnection: t.field({
    type: AlertConnectionRef,
    description: `Needs dashboard.alert read (or edit). Pages of ${ALERT_PAGE_SIZE} by default.`,
    authScopes: { signedIn: true },
    args: { first: t.arg.int(), after: t.arg.string(), filter: t.arg({ type: AlertFilterInput }), sort: t.arg({ type: AlertSortEnum }) },
    resolve: (_r, a, ctx) => alertConnection(ctx, a),
  }),
}));

builder.mutationFields((t) => ({
  createAlertWithDetails: t.field({
    type: AlertRef,
    description: 'Needs dashboard.alert create.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: CreateInput, required: true }) },
    resolve: (_r, { input }, ctx) => createAlertWithDetails(ctx, { ...input, schedule: input.schedule?.map(withReset) }),
  }),
  updateAlertWithDetails: t.field({
    type: AlertRef,
    description: 'Needs dashboard.alert edit.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: UpdateInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateAlertWithDetails(ctx, { ...input, schedule: input.schedule?.map(withReset) }),
  }),
  updateAlert: t.field({
    type: AlertRef,
    description: 'Switches the alert on or off. Needs dashboard.alert edit.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => updateAlert(ctx, a),
  }),
  deleteAlert: t.field({
    type: 'Int',
    description: 'Needs dashboard.alert delete. Answers the deleted id; its alert logs stay.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deleteAlert(ctx, a.id),
  }),
}));

const LiveAlertMetricRef = builder.objectRef<LiveAlert['metrics'][number]>('LiveAlertMetric').implement({
  fields: (t) => ({ type: t.exposeString('type'), threshold: t.exposeFloat('threshold'), value: t.exposeFloat('value') }),
});

const LiveAlertRef = builder.objectRef<LiveAlert & { zoneName: string | null }>('LiveAlert').implement({
  description: 'An alert episode that began (dateEnd null) or ended.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    alertId: t.exposeInt('alertId', { nullable: true }),
    installationId: t.exposeInt('installationId'),
    conditionType: t.exposeString('conditionType'),
    metrics: t.field({ type: [LiveAlertMetricRef], resolve: (a) => a.metrics }),
    dateBegin: t.exposeString('dateBegin'),
    dateEnd: t.exposeString('dateEnd', { nullable: true }),
    zoneId: t.exposeInt('zoneId', { nullable: true }),
    passageId: t.exposeInt('passageId', { nullable: true }),
    deviceId: t.exposeInt('deviceId', { nullable: true }),
    message: t.exposeString('message'),
    zoneName: t.exposeString('zoneName', { nullable: true, description: 'Null when the zone was deleted.' }),
  }),
});

builder.subscriptionField('liveAlerts', (t) =>
  t.field({
    type: LiveAlertRef,
    description: 'Alert episodes of the caller’s organization as they begin and end, in these zones and under them (all when absent).',
    authScopes: { signedIn: true },
    args: { zoneIds: t.arg.intList() },
    subscribe: (_r, a, ctx) => subscribeLiveAlerts(ctx, a.zoneIds ?? null),
    resolve: (a: LiveAlert & { zoneName: string | null }) => a,
  }),
);
