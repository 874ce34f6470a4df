/**
 * The cases of everyFieldTwoOrganizations.test.ts: for each query and mutation of the schema, the
 * arguments that point into organization A (the test passes them while the caller acts in B), or
 * the reason the field has nothing of an organization to leak.
 */
export interface Ids {
  a: number;
  b: number;
  installation: number;
  installationB: number;
  zone: number;
  zoneB: number;
  passage: number;
  device: number;
  event: number;
  alert: number;
  dashboard: number;
  page: number;
  widget: number;
  profile: number;
  userA: number;
  viewerA: number;
  both: number;
  tagCategory: number;
  tag: number;
  report: number;
  screen: number;
  apiKey: number;
  shortCode: string;
  delivery: number;
  /** An export of A the two-organization user asked for there, and one of A's administrator sent to them as a link. */
  exportAsked: number;
  exportReceived: number;
  invited: number;
}
type Args = (ids: Ids) => Record<string, unknown>;
/** A dashboard file naming A's zone (docs/dashboard-model.md). */
const dashboardFile = (i: Ids) =>
  JSON.stringify({ format: 'sitelens.dashboard', formatVersion: 1, name: 'Into A', pages: [{ name: 'A', widgets: [{ type: 'kpis', title: 'A', zoneIds: [i.zone] }] }], references: [{ kind: 'zone', id: i.zone, name: 'Whole store' }] });
const none: Args = () => ({});
const FROM = '2026-01-05T00:00:00Z';
const TO = '2026-01-06T00:00:00Z';

export const QUERY_ARGS: Record<string, Args> = {
  alertById: (i) => ({ alertId: i.alert }),
  alertConnection: none,
  alertLogConnection: none,
  alertRecipients: none,
  allDashboardsV2: none,
  allEvents: none,
  allEventsByInstallation: (i) => ({ installationId: i.installation }),
  allInstallations: none,
  allUsers: none,
  apiKeys: none,
  auditLog: none,
  devicesAtmosphereByInstallation: (i) => ({ installationId: i.installation }),
  eventById: (i) => ({ eventId: i.event }),
  eventConnection: (i) => ({ installationId: i.installation }),
  exportData: (i) => ({ dataType: 'inflow', from: FROM, to: TO, installationId: i.installation, userIds: [i.viewerA], zoneIds: [i.zone] }),
  exportRecipients: none,
  heatmapImages: (i) => ({ dashboardId: i.dashboard, zoneId: i.zone, dateBegin: '2026-01-05', dateEnd: '2026-01-06' }),
  installationById: (i) => ({ installationId: i.installation }),
  invitations: none,
  kpis: (i) => ({ input: { installationId: i.installation, metrics: ['inflow'] } }),
  liveInflow: (i) => ({ installationId: i.installation }),
  liveValues: (i) => ({ installationId: i.installation }),
  mapViewConfigByZoneId: (i) => ({ zoneId: i.zone }),
  me: none,
  messageDeliveries: none,
  myExports: none,
  myOrganizations: none,
  organizationById: (i) => ({ organizationId: i.a }),
  organizationStats: none,
  outdoorTemperatureImports: (i) => ({ installationId: i.installation }),
  padsByInstallation: (i) => ({ installationId: i.installation }),
  pageById: (i) => ({ id: i.page }),
  pagesByDashboardId: (i) => ({ dashboardId: i.dashboard }),
  dashboardVersions: (i) => ({ dashboardId: i.dashboard }),
  dashboardVersionModel: (i) => ({ dashboardId: i.dashboard, number: 1 }),
  editableDashboard: (i) => ({ dashboardId: i.dashboard }),
  passagesByIds: (i) => ({ passageIds: [i.passage] }),
  passagesByInstallation: (i) => ({ installationId: i.installation }),
  pins: none,
  profileById: (i) => ({ id: i.profile }),
  profiles: none,
  pushSubscribed: () => ({ endpoint: 'https://push.example/one' }),
  recoveryCodesLeft: none,
  retailData: (i) => ({ input: { installationId: i.installation, metric: 'inflow' } }),
  retailDataBatch: (i) => ({ inputs: [{ installationId: i.installation, metric: 'inflow' }] }),
  salesFunnelAvailablePeriods: (i) => ({ siteIds: [i.installation] }),
  salesFunnelMetrics: (i) => ({ siteIds: [i.installation], dates: ['2026-01-05'] }),
  salesFunnelMetricsTotal: (i) => ({ siteIds: [i.installation], dates: ['2026-01-05'] }),
  salesFunnelReportingCurrency: none,
  salesFunnelSites: none,
  salesSettings: none,
  scheduledReport: (i) => ({ id: i.report }),
  scheduledReports: none,
  shortLinkByCode: (i) => ({ code: i.shortCode }),
  signInProviders: none,
  sites: none,
  staticPageByInstallation: (i) => ({ installationId: i.installation, kind: 'counting' }),
  stopNGoOccupancy: (i) => ({ eventId: i.event }),
  stopNGoScreens: (i) => ({ eventId: i.event }),
  supportContact: none,
  tagById: (i) => ({ id: i.tag }),
  tagCategoriesByOrganizationId: (i) => ({ id: i.a }),
  tagsByIds: (i) => ({ ids: [i.tag] }),
  topZoneByInstallation: (i) => ({ installationId: i.installation }),
  topZonesWithTags: (i) => ({ tagIds: [i.tag] }),
  translationDetailsByProject: () => ({ project: 'web' }),
  translationsByProject: () => ({ project: 'web', lang: 'en' }),
  usageEvents: none,
  userById: (i) => ({ userId: i.viewerA }),
  weatherForecast: (i) => ({ installationId: i.installation }),
  webPushPublicKey: none,
  webhookSigningSecret: none,
  widgetBuilderOrigin: none,
  zonesByIds: (i) => ({ zoneIds: [i.zone] }),
  zonesByInstallation: (i) => ({ installationId: i.installation }),
  zonesByTags: (i) => ({ tagIds: [i.tag] }),
  dashboardTemplates: (i) => ({ installationId: i.installation }),
  exportDashboard: (i) => ({ dashboardId: i.dashboard }),
  previewDashboardImport: (i) => ({ text: dashboardFile(i), organizationId: i.a }),
};

const report = (i: Ids) => ({ title: 'Into A', language: 'en', sendDay: 1, hour: 8, daysIncluded: 7, granularity: 86400, emails: ['both@beta.test'], installationId: i.installation, eventId: i.event, zoneId: i.zone });
const condition = (i: Ids) => [{ type: 'co2', value: 1000, deviceAtmosphereIds: [i.device], maxTrigger: 0 }];

export const MUTATION_ARGS: Record<string, Args> = {
  addPin: () => ({ title: 'Pinned', url: '/dashboards' }),
  cancelInvitation: (i) => ({ userId: i.invited }),
  createAlertWithDetails: (i) => ({ input: { organizationId: i.a, installationId: i.installation, name: 'Into A', conditionsToAdd: condition(i) } }),
  createApiKey: () => ({ name: 'B key' }),
  createDashboard: () => ({ name: 'B board' }),
  createPage: (i) => ({ dashboardId: i.dashboard, page: { name: 'Into A' } }),
  createProfile: () => ({ profile: { name: 'B profile', rights: {} } }),
  createRetailReport: (i) => ({ emails: ['both@beta.test'], from: FROM, to: TO, granularity: 3600, zoneIds: [i.zone] }),
  createScheduledReport: (i) => ({ input: report(i) }),
  createShortLink: () => ({ path: '/dashboards' }),
  createStopNGoScreen: (i) => ({ input: { eventId: i.event, name: 'Into A', language: 'en' } }),
  createWidget: (i) => ({ pageId: i.page, widget: { type: 'kpi', title: 'Into A' } }),
  saveDashboard: (i) => ({ dashboardId: i.dashboard, baseVersion: 0, model: { format: 'sitelens.dashboard', formatVersion: 1, name: 'Into A', pages: [{ name: 'A', widgets: [] }] } }),
  restoreDashboardVersion: (i) => ({ dashboardId: i.dashboard, number: 1, baseVersion: 0 }),
  deleteAlert: (i) => ({ id: i.alert }),
  deleteDashboard: (i) => ({ id: i.dashboard }),
  deletePage: (i) => ({ id: i.page }),
  deleteProfile: (i) => ({ id: i.profile }),
  deleteScheduledReport: (i) => ({ id: i.report }),
  deleteStopNGoScreen: (i) => ({ id: i.screen }),
  deleteUser: (i) => ({ userId: i.viewerA }),
  deleteWidget: (i) => ({ id: i.widget }),
  endUserSessions: (i) => ({ userId: i.userA }),
  finishTutorial: () => ({ outcome: 'completed' }),
  importOutdoorTemperatures: (i) => ({ installationId: i.installation, from: '2026-01-05', to: '2026-01-06' }),
  importSalesMetricsCsv: () => ({ input: { uploaderDateTime: '2026-01-05T10:00', uploaderTimezone: 'Europe/Paris' } }),
  inviteUser: (i) => ({ email: 'into-a@beta.test', lang: 'en', profileId: i.profile }),
  recordUsageEvents: () => ({ events: [{ name: 'page_view', at: FROM }] }),
  renameDashboard: (i) => ({ id: i.dashboard, name: 'Into A' }),
  renewStopNGoScreenSecret: (i) => ({ id: i.screen }),
  resendInvitation: (i) => ({ userId: i.invited }),
  restartTutorial: none,
  retryMessageDelivery: (i) => ({ id: i.delivery }),
  revokeApiKey: (i) => ({ id: i.apiKey }),
  revokeExportLink: () => ({ token: 'not-a-link' }),
  revokeExportLinks: (i) => ({ requestId: i.exportReceived }),
  rotateWebhookSigningSecret: none,
  sendScheduledReportNow: (i) => ({ id: i.report }),
  sendTestMessage: () => ({ channel: 'SMS' }),
  sendTestPush: none,
  setMigrationDeadline: (i) => ({ organizationId: i.a, migrationDeadline: '2027-01-01' }),
  setSalesExchangeRate: () => ({ currency: 'USD', rate: 1.1 }),
  setSalesReportingCurrency: () => ({ currency: 'USD' }),
  setScheduledReportEnabled: (i) => ({ id: i.report, enabled: false }),
  setZoneShopCode: (i) => ({ zoneId: i.zone, shopCode: 'INTO-A' }),
  updateAlert: (i) => ({ id: i.alert, enabled: false }),
  updateAlertWithDetails: (i) => ({ input: { id: i.alert, organizationId: i.a, installationId: i.installation, name: 'Into A', conditions: condition(i) } }),
  updateEventStopNGoLimit: (i) => ({ eventId: i.event, limit: 5 }),
  updateOrganization: (i) => ({ id: i.a, name: 'Into A' }),
  updatePage: (i) => ({ id: i.page, page: { name: 'Into A' } }),
  updateProfile: (i) => ({ id: i.profile, profile: { name: 'Into A', rights: {} } }),
  updateScheduledReport: (i) => ({ id: i.report, input: report(i) }),
  updateUser: (i) => ({ userId: i.viewerA, user: { firstName: 'Into', profileId: i.profile } }),
  updateUserCustomLinks: (i) => ({ userId: i.viewerA, customLinks: [] }),
  updateWidget: (i) => ({ id: i.widget, widget: { title: 'Into A' } }),
  viewAsUser: (i) => ({ userId: i.viewerA }),
  resetUserTwoFactor: (i) => ({ userId: i.viewerA }),
  createDashboardFromTemplate: (i) => ({ installationId: i.installation, template: 'shoppingCentreCounting', name: 'Into A' }),
  duplicateDashboard: (i) => ({ dashboardId: i.dashboard, name: 'Into A' }),
  importDashboard: (i) => ({ text: dashboardFile(i), mapping: [{ kind: 'zone', fromId: i.zone, toId: i.zone }], name: 'Into A', organizationId: i.a }),
};

const SIGN_IN = 'signing in itself: the organization is chosen there (signInOrganization.test.ts), no caller yet';
const TOKEN_ONLY = 'a public page read by its one purpose-bound token alone, signed out: no caller, no organization';
const OWN = 'the person’s own account and this browser (sessions, password, factors, push, pins): one person, whatever organization they act in';

/** Fields with no organization of the caller to leak, each with its reason. */
export const EXEMPT: Record<string, string> = {
  login: SIGN_IN,
  loginWithOtpToken: SIGN_IN,
  renew: 'a fresh token for the same session, which keeps its organization (twoOrganizations.test.ts)',
  invitationByToken: TOKEN_ONLY,
  exportLink: TOKEN_ONLY,
  acceptInvitation: TOKEN_ONLY,
  completeOnboarding: TOKEN_ONLY,
  passwordResetLinkStatus: TOKEN_ONLY,
  confirmEmailChange: TOKEN_ONLY,
  undoEmailChange: TOKEN_ONLY,
  requestNewInvitation: TOKEN_ONLY,
  requestPasswordReset: TOKEN_ONLY,
  resetPassword: TOKEN_ONLY,
  sendInvitationVerificationCode: TOKEN_ONLY,
  updateInvitationOtpContact: TOKEN_ONLY,
  verifyInvitationContact: TOKEN_ONLY,
  unsubscribeReport: TOKEN_ONLY,
  mySessions: OWN,
  trustedBrowsers: OWN,
  tutorialProgress: OWN,
  confirmPhoneChange: OWN,
  confirmTotp: OWN,
  deletePin: OWN,
  endMySession: OWN,
  endViewAs: OWN,
  logout: OWN,
  regenerateRecoveryCodes: OWN,
  registerBrowser: OWN,
  reorderPins: OWN,
  requestEmailChange: OWN,
  requestPhoneChange: OWN,
  resendLoginOtp: OWN,
  revokeTrustedBrowser: OWN,
  signOutEverywhere: OWN,
  startTotpEnrolment: OWN,
  subscribePush: OWN,
  unsubscribePush: OWN,
  updateOtpContact: OWN,
  updatePassword: OWN,
  updatePin: OWN,
  updateUserProfile: OWN,
  createOrganization: 'creates a new organization for a platform operator (PLATFORM_ADMIN_EMAILS); names none of another’s (organizationCreation.test.ts)',
  switchOrganization: 'moves the caller between their own organizations; refused for another’s and while viewing as (twoOrganizations.test.ts)',
};

/** Selections chosen by hand where the automatic one would show who the caller is rather than what they see. */
export const SELECTIONS: Record<string, string> = {
  me: '{ isAdmin role profileId organizationIds profile { id name } }',
};
