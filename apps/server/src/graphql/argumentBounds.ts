import { EXPORT_GRANULARITIES, EXPORT_MAX_RECIPIENTS, EXPORT_MAX_ZONES, REPORT_GRANULARITIES, REPORT_MAX_DAYS, REPORT_MAX_EMAILS, ALERT_CONDITION_TYPES, MAX_ALERT_ACTIONS, MAX_REMINDER_MINUTES, PAD_STATUS_CODES, CUSTOM_LINKS_MAX, GRANULARITIES, STOPNGO_LIMIT_MAX, USAGE_BATCH_MAX } from '@sitelens/domain';
import { MAX_PAGE_SIZE } from './connection.ts';

/**
 * The bound of every number and list argument of the schema, in one place, one line each:
 * `Query.field.argument` for an argument of a root field, `InputType.field` for a field of an input
 * type. `enforceArgumentBounds` checks them before the resolver runs and answers BAD_USER_INPUT
 * with the argument, the reason (tooSmall, tooLarge, tooMany) and the bound. argumentBounds.test.ts
 * walks the schema and fails on a number or list argument without a line here.
 */
export type Bound =
  | { kind: 'number'; min: number; max: number }
  /** A list: at most maxItems items; its items' own bounds come from their input type. */
  | { kind: 'list'; maxItems: number; item?: { min: number; max: number }; tooManyReason?: string };

/** Largest GraphQL Int; row ids are positive. */
export const MAX_ID = 2_147_483_647;
/** Most ids one call may name (zones of the largest organizations, with room). */
export const MAX_IDS = 1_000;

const id: Bound = { kind: 'number', min: 1, max: MAX_ID };
const range = (min: number, max: number): Bound => ({ kind: 'number', min, max });
const list = (maxItems: number): Bound => ({ kind: 'list', maxItems });
/** A list of row ids: at most MAX_IDS, each a positive Int. */
const ids: Bound = { kind: 'list', maxItems: MAX_IDS, item: { min: 1, max: MAX_ID } };
const pageSize = range(0, MAX_PAGE_SIZE);
// The custom-links form shows the domain rule's own words (customLinks.ts).
const customLinks: Bound = { kind: 'list', maxItems: CUSTOM_LINKS_MAX, tooManyReason: 'errors.tooMany' };
const METRICS_PER_CALL = 100;
const granularity = range(Math.min(...Object.values(GRANULARITIES)), Math.max(...Object.values(GRANULARITIES)));

// Alert thresholds: wider than any metric's plausible range (the domain catalogue's), so the form's own
// checks answer first with their words; the bound only keeps absurd numbers out.
const threshold = range(-1e9, 1e9);
const weekDay = range(1, 7); // ISO days, as opening hours hold them
const hour = range(0, 24);
const minute = range(0, 59);
const ALERT_CONTACTS_MAX = 50;

// Granularities: the lists' span; a value between two allowed ones gets the form's own `invalid`.
const reportGranularity = range(Math.min(...REPORT_GRANULARITIES), Math.max(...REPORT_GRANULARITIES));
const exportGranularity = range(Math.min(...EXPORT_GRANULARITIES), Math.max(...EXPORT_GRANULARITIES));

export const ARGUMENT_BOUNDS: Record<string, Bound> = {
  'Query.auditLog.first': range(1, 200),
  'Query.auditLog.offset': range(0, 1_000_000),
  'Mutation.updateUser.userId': id,
  'ManagedUserInput.profileId': id,
  'Mutation.deleteUser.userId': id,
  'Mutation.endUserSessions.userId': id,
  'Mutation.resetUserTwoFactor.userId': id,
  'Mutation.updateProfile.id': id,
  'Mutation.deleteProfile.id': id,
  'Mutation.viewAsUser.userId': id,
  'Query.exportData.granularity': exportGranularity,
  'Query.exportData.installationId': id,
  'Query.exportData.userIds': { kind: 'list', maxItems: EXPORT_MAX_RECIPIENTS, item: { min: 1, max: MAX_ID } },
  'Query.exportData.zoneIds': { kind: 'list', maxItems: EXPORT_MAX_ZONES, item: { min: 1, max: MAX_ID } },
  'Query.scheduledReport.id': id,
  'Mutation.createRetailReport.emails': list(REPORT_MAX_EMAILS),
  'Mutation.createRetailReport.granularity': reportGranularity,
  'Mutation.createRetailReport.zoneIds': { kind: 'list', maxItems: EXPORT_MAX_ZONES, item: { min: 1, max: MAX_ID } },
  'Mutation.deleteScheduledReport.id': id,
  'Mutation.sendScheduledReportNow.id': id,
  'Mutation.setScheduledReportEnabled.id': id,
  'Mutation.updateScheduledReport.id': id,
  'ScheduledReportInput.daysIncluded': range(1, REPORT_MAX_DAYS),
  'ScheduledReportInput.emails': list(REPORT_MAX_EMAILS),
  'ScheduledReportInput.eventId': id,
  'ScheduledReportInput.granularity': reportGranularity,
  'ScheduledReportInput.hour': range(0, 23),
  'ScheduledReportInput.installationId': id,
  'ScheduledReportInput.sendDay': range(0, 7), // 0: every day, 1–7: Monday to Sunday
  'ScheduledReportInput.zoneId': id,
  'Query.alertById.alertId': id,
  'Query.alertConnection.first': pageSize,
  'Mutation.deleteAlert.id': id,
  'Mutation.updateAlert.id': id,
  'Subscription.liveAlerts.zoneIds': ids,
  'AlertActionInput.id': id,
  'AlertActionInput.recipients': ids,
  'AlertConditionInput.deviceAtmosphereIds': ids,
  'AlertConditionInput.eventId': id,
  'AlertConditionInput.id': id,
  'AlertConditionInput.kinds': list(ALERT_CONDITION_TYPES.length * 4),
  'AlertConditionInput.max': threshold,
  'AlertConditionInput.maxTrigger': range(0, 1_000), // 0: no cap
  'AlertConditionInput.min': threshold,
  'AlertConditionInput.padIds': ids,
  'AlertFilterInput.alertIds': ids,
  'AlertConditionInput.padStatusCodes': list(PAD_STATUS_CODES.length),
  'AlertConditionInput.value': threshold,
  'AlertConditionInput.zoneId': id,
  'AlertPlanningInput.id': id,
  'AlertPlanningInput.mails': list(ALERT_CONTACTS_MAX),
  'AlertPlanningInput.phones': list(ALERT_CONTACTS_MAX),
  'AlertPlanningInput.userIds': ids,
  'AlertScheduleWindowInput.beginDay': weekDay,
  'AlertScheduleWindowInput.beginHour': hour,
  'AlertScheduleWindowInput.beginMinute': minute,
  'AlertScheduleWindowInput.endDay': weekDay,
  'AlertScheduleWindowInput.endHour': hour,
  'AlertScheduleWindowInput.endMinute': minute,
  'CreateAlertWithDetailsInput.actionsToAdd': list(MAX_ALERT_ACTIONS + 1), // one more, so the form's own tooMany answers
  'CreateAlertWithDetailsInput.conditionsToAdd': list(2), // one condition; two get the service's own refusal
  'CreateAlertWithDetailsInput.eventId': id,
  'CreateAlertWithDetailsInput.installationId': id,
  'CreateAlertWithDetailsInput.organizationId': id,
  'CreateAlertWithDetailsInput.planningIds': ids,
  'CreateAlertWithDetailsInput.reminderMinutes': range(1, MAX_REMINDER_MINUTES),
  'CreateAlertWithDetailsInput.schedule': list(7 * 24),
  'UpdateAlertWithDetailsInput.actions': list(MAX_ALERT_ACTIONS + 1),
  'UpdateAlertWithDetailsInput.conditions': list(2),
  'UpdateAlertWithDetailsInput.eventId': id,
  'UpdateAlertWithDetailsInput.id': id,
  'UpdateAlertWithDetailsInput.installationId': id,
  'UpdateAlertWithDetailsInput.organizationId': id,
  'UpdateAlertWithDetailsInput.planningIds': ids,
  'UpdateAlertWithDetailsInput.reminderMinutes': range(1, MAX_REMINDER_MINUTES),
  'UpdateAlertWithDetailsInput.schedule': list(7 * 24),
  'Query.alertLogConnection.first': pageSize,
  'Query.allEventsByInstallation.installationId': id,
  'Query.devicesAtmosphereByInstallation.installationId': id,
  'Query.eventById.eventId': id,
  'Query.eventConnection.first': pageSize,
  'Query.eventConnection.installationId': id,
  'Query.heatmapImages.dashboardId': range(0, MAX_ID), // 0: the zone's images shared by every dashboard
  'Query.heatmapImages.dayLimit': range(1, 366),
  'Query.heatmapImages.zoneId': id,
  'Query.installationById.installationId': id,
  'Query.liveInflow.installationId': id,
  'Query.liveInflow.metrics': list(METRICS_PER_CALL),
  'Query.liveInflow.targetIds': ids,
  'Query.liveValues.installationId': id,
  'Query.liveValues.metrics': list(METRICS_PER_CALL),
  'Query.liveValues.targetIds': ids,
  'Query.mapViewConfigByZoneId.zoneId': id,
  'Query.messageDeliveries.first': pageSize,
  'Query.usageEvents.first': pageSize,
  'Query.organizationById.organizationId': id,
  'Query.outdoorTemperatureImports.installationId': id,
  'Query.padsByInstallation.installationId': id,
  'Query.pageById.id': id,
  'Query.dashboardVersions.dashboardId': id,
  'Query.dashboardVersionModel.dashboardId': id,
  'Query.dashboardVersionModel.number': range(1, MAX_ID),
  'Query.editableDashboard.dashboardId': id,
  'Query.pagesByDashboardId.dashboardId': id,
  'Query.passagesByIds.passageIds': ids,
  'Query.passagesByInstallation.installationId': id,
  'Query.profileById.id': id,
  'Query.retailDataBatch.inputs': list(20), // MAX_BATCH of retailData.service.ts
  'Query.salesFunnelAvailablePeriods.siteIds': ids,
  'Query.salesFunnelMetrics.dates': list(120), // ten years of months
  'Query.salesFunnelMetrics.siteIds': ids,
  'Query.salesFunnelMetricsTotal.dates': list(120),
  'Query.salesFunnelMetricsTotal.siteIds': ids,
  'Query.staticPageByInstallation.installationId': id,
  'Query.stopNGoOccupancy.eventId': id,
  'Query.stopNGoScreens.eventId': id,
  'Query.tagById.id': id,
  'Query.tagCategoriesByOrganizationId.id': id,
  'Query.tagsByIds.ids': ids,
  'Query.topZoneByInstallation.installationId': id,
  'Query.topZonesWithTags.tagIds': ids,
  'Query.userById.userId': id,
  'Query.weatherForecast.installationId': id,
  'Query.zonesByIds.zoneIds': ids,
  'Query.zonesByInstallation.installationId': id,
  'Query.zonesByTags.tagIds': ids,
  'Mutation.createPage.dashboardId': id,
  'Mutation.createWidget.pageId': id,
  'Mutation.saveDashboard.dashboardId': id,
  'Mutation.saveDashboard.baseVersion': range(0, MAX_ID),
  'Mutation.restoreDashboardVersion.dashboardId': id,
  'Mutation.restoreDashboardVersion.number': range(1, MAX_ID),
  'Mutation.restoreDashboardVersion.baseVersion': range(0, MAX_ID),
  'Mutation.deleteDashboard.id': id,
  'Mutation.deletePage.id': id,
  'Mutation.deletePin.id': id,
  'Mutation.deleteStopNGoScreen.id': id,
  'Mutation.deleteWidget.id': id,
  'Mutation.importOutdoorTemperatures.installationId': id,
  'Mutation.recordUsageEvents.events': list(USAGE_BATCH_MAX),
  'Mutation.renameDashboard.id': id,
  'Mutation.renewStopNGoScreenSecret.id': id,
  'Mutation.reorderPins.ids': ids,
  'Mutation.revokeTrustedBrowser.id': id,
  'Mutation.retryMessageDelivery.id': id,
  'Mutation.revokeApiKey.id': id,
  'Mutation.revokeExportLinks.requestId': id,
  'Mutation.setMigrationDeadline.organizationId': id,
  'Mutation.setSalesExchangeRate.rate': range(1e-9, 1e9),
  'Mutation.setZoneShopCode.zoneId': id,
  'Mutation.updateEventStopNGoLimit.eventId': id,
  'Mutation.updateEventStopNGoLimit.limit': range(1, STOPNGO_LIMIT_MAX),
  'Mutation.updateOrganization.customLinks': customLinks,
  'Mutation.updateOrganization.id': id,
  'Mutation.updatePage.id': id,
  'Mutation.updatePin.id': id,
  'Mutation.updatePin.order': range(0, 10_000),
  'Mutation.updateUserCustomLinks.customLinks': customLinks,
  'Mutation.updateUserCustomLinks.userId': id,
  'Mutation.inviteUser.profileId': id,
  'Mutation.switchOrganization.organizationId': id,
  'Mutation.resendInvitation.userId': id,
  'Mutation.cancelInvitation.userId': id,
  'Mutation.updateWidget.id': id,
  'Subscription.liveReadings.installationId': id,
  'Subscription.liveReadings.metrics': list(METRICS_PER_CALL),
  'Subscription.liveReadings.targetIds': ids,
  'AlertLogFilterInput.dates': list(2), // [begin, end]
  'AlertLogFilterInput.zoneIds': ids,
  'ConditionInput.values': list(100),
  'GroupByInput.granularity': granularity,
  'GroupByInput.tagId': id,
  'GroupByInput.tagIds': ids,
  'KpiInput.installationId': id,
  'KpiInput.metrics': list(METRICS_PER_CALL),
  'RetailDataInput.granularity': granularity,
  'RetailDataInput.installationId': id,
  'RetailDataInput.limit': range(1, 10_000), // top N series
  'RetailDataInput.maxRangeDays': range(1, 3_700),
  'RetailFiltersInput.conditions': list(100),
  'StopNGoScreenInput.eventId': id,
  'TargetInput.ids': ids,
  'Query.dashboardTemplates.installationId': id,
  'Query.exportDashboard.dashboardId': id,
  'Mutation.createDashboard.installationId': id,
  'Mutation.createDashboardFromTemplate.installationId': id,
  'Mutation.duplicateDashboard.dashboardId': id,
  'Mutation.importDashboard.mapping': list(5_000),
  'Mutation.importDashboard.organizationId': id,
  'Query.previewDashboardImport.organizationId': id,
  'DashboardIdMappingInput.fromId': id,
  'DashboardIdMappingInput.toId': id,
};

export const BOUNDS_FILE = 'apps/server/src/graphql/argumentBounds.ts';
