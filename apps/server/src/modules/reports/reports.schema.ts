import { builder } from '../../graphql/builder.ts';
import {
  type ReportView,
  createRetailReport,
  createScheduledReport,
  deleteScheduledReport,
  scheduledReport,
  scheduledReports,
  sendScheduledReportNow,
  setScheduledReportEnabled,
  unsubscribeFromReport,
  updateScheduledReport,
} from './reports.service.ts';

const StatusEnum = builder.enumType('ScheduledReportStatus', {
  description: 'ACTIVE while the report’s event runs and its zone exists; INACTIVE once the event has ended or the zone was deleted (nothing is sent until an ongoing event and a live zone are chosen).',
  values: ['ACTIVE', 'INACTIVE'] as const,
});
const UnsubscribeResultEnum = builder.enumType('UnsubscribeResult', {
  description: 'UNSUBSCRIBED: the address is off the report’s list; NOT_ON_LIST: the link was valid but its address was not on the list, nothing changed; INVALID_TOKEN: unknown, used or expired.',
  values: ['UNSUBSCRIBED', 'NOT_ON_LIST', 'INVALID_TOKEN'] as const,
});

const ReportRef = builder.objectRef<ReportView>('ScheduledReport').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    language: t.exposeString('language'),
    installationId: t.exposeInt('installationId'),
    siteName: t.exposeString('siteName'),
    timeZone: t.exposeString('timezone'),
    eventId: t.exposeInt('eventId'),
    eventName: t.exposeString('eventName'),
    zoneId: t.exposeInt('zoneId'),
    zoneName: t.exposeString('zoneName'),
    zoneDeleted: t.boolean({ description: 'The zone was deleted since the report was saved: the report is INACTIVE until a live zone is chosen.', resolve: (r) => r.zoneDeletedAt !== null }),
    sendDay: t.exposeInt('sendDay', { description: '0 every day, 1 (Monday) to 7 (Sunday).' }),
    hour: t.exposeInt('hour', { description: 'Local hour of the site, 0 to 23.' }),
    daysIncluded: t.exposeInt('daysIncluded'),
    granularity: t.exposeInt('granularity', { description: 'Seconds: 3600, 10800, 21600, 86400, 604800 or 2592000.' }),
    emails: t.exposeStringList('emails'),
    enabled: t.exposeBoolean('enabled'),
    status: t.field({ type: StatusEnum, resolve: (r) => r.status }),
    nextSendAt: t.field({ type: 'DateTime', nullable: true, description: 'Null when disabled, inactive or without recipients.', resolve: (r) => r.nextSendAt }),
  }),
});

const ReportInput = builder.inputType('ScheduledReportInput', {
  fields: (t) => ({
    title: t.string({ required: true, description: 'At most 120 characters.' }),
    language: t.string({ required: true }),
    installationId: t.int({ required: true }),
    eventId: t.int({ required: true }),
    zoneId: t.int({ required: true }),
    sendDay: t.int({ required: true, description: '0 to 7.' }),
    hour: t.int({ required: true, description: '0 to 23.' }),
    daysIncluded: t.int({ required: true, description: '1 to 366.' }),
    granularity: t.int({ required: true }),
    emails: t.stringList({ required: true, description: '1 to 50 addresses.' }),
    enabled: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  scheduledReports: t.field({
    type: [ReportRef],
    description: 'The organization’s scheduled reports. Needs dashboard.report read.',
    authScopes: { signedIn: true },
    resolve: (_r, _a, ctx) => scheduledReports(ctx),
  }),
  scheduledReport: t.field({
    type: ReportRef,
    description: 'Needs dashboard.report read.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => scheduledReport(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  createScheduledReport: t.field({
    type: ReportRef,
    description: 'Needs dashboard.report create.',
    authScopes: { signedIn: true },
    args: { input: t.arg({ type: ReportInput, required: true }) },
    resolve: (_r, a, ctx) => createScheduledReport(ctx, a.input),
  }),
  updateScheduledReport: t.field({
    type: ReportRef,
    description: 'Needs dashboard.report edit.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }), input: t.arg({ type: ReportInput, required: true }) },
    resolve: (_r, a, ctx) => updateScheduledReport(ctx, a.id, a.input),
  }),
  setScheduledReportEnabled: t.field({
    type: ReportRef,
    description: 'Needs dashboard.report edit.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }), enabled: t.arg.boolean({ required: true }) },
    resolve: (_r, a, ctx) => setScheduledReportEnabled(ctx, a.id, a.enabled),
  }),
  deleteScheduledReport: t.int({
    description: 'The deleted report’s id. Needs dashboard.report delete.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => deleteScheduledReport(ctx, a.id),
  }),
  sendScheduledReportNow: t.boolean({
    description: 'Sends the report as of now to the caller’s own address. Needs dashboard.report read.',
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => sendScheduledReportNow(ctx, a.id),
  }),
  createRetailReport: t.boolean({
    description: 'Queues the report once for a range and zones of one site (spec 002 §7). Needs dashboard.report create.',
    authScopes: { signedIn: true },
    args: {
      from: t.arg({ type: 'DateTime', required: true }),
      to: t.arg({ type: 'DateTime', required: true, description: 'At most 366 days after from.' }),
      zoneIds: t.arg.intList({ required: true, description: '1 to 50 zones of one site.' }),
      granularity: t.arg.int({ required: true }),
      emails: t.arg.stringList({ required: true, description: '1 to 50 addresses.' }),
    },
    resolve: (_r, a, ctx) => createRetailReport(ctx, a),
  }),
  unsubscribeReport: t.field({
    type: UnsubscribeResultEnum,
    description: 'No sign-in: the token of a report e-mail removes its address from that report, once.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => unsubscribeFromReport(ctx, a.token),
  }),
}));
