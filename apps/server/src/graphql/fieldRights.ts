import type { Gates } from '@sitelens/domain';

/**
 * The right every root field needs, in one place. `enforceFieldRights` checks it before the
 * resolver runs (a field missing here is refused to everyone), and fieldRights.test.ts walks the
 * schema, fails on a field without a line here, and calls each one over HTTP as a caller lacking
 * its right. Services keep their finer checks (the object's organization, self or others).
 *
 * - `anonymous`: anyone, signed in or not (sign-in, public pages, translations).
 * - `signedIn`: any signed-in user; the data is still scoped to the caller's organizations.
 * - `gate(...)`: a gate of @sitelens/domain `gates()` (several: any one of them is enough).
 * - `admin`: administrators of the organization only.
 */
export type FieldRight =
  | { kind: 'anonymous' }
  | { kind: 'signedIn' }
  | { kind: 'admin' }
  | { kind: 'gate'; anyOf: readonly (keyof Gates)[] };

const anonymous: FieldRight = { kind: 'anonymous' };
const signedIn: FieldRight = { kind: 'signedIn' };
const admin: FieldRight = { kind: 'admin' };
const gate = (...anyOf: (keyof Gates)[]): FieldRight => ({ kind: 'gate', anyOf });

export const QUERY_RIGHTS: Record<string, FieldRight> = {
  exportData: gate('exportData'),
  exportRecipients: gate('exportData'),
  myExports: gate('exportData'),
  exportLink: anonymous, // the e-mailed link's token is the key
  scheduledReport: gate('reports'),
  scheduledReports: gate('reports'),
  alertById: gate('alertRead', 'alertEdit'),
  alertConnection: gate('alertRead', 'alertEdit'),
  alertLogConnection: gate('alertRead'),
  alertRecipients: gate('alertCreate', 'alertEdit'), // the organization's users, for the alert form
  allDashboardsV2: signedIn, // lists only the kinds the caller's rights open
  allEvents: signedIn,
  allEventsByInstallation: signedIn,
  allInstallations: signedIn,
  allUsers: gate('userManagement'),
  apiKeys: admin,
  auditLog: admin, // the administered organization's entries
  devicesAtmosphereByInstallation: signedIn,
  eventById: signedIn,
  eventConnection: signedIn,
  heatmapImages: signedIn,
  installationById: signedIn,
  invitationByToken: anonymous, // the e-mailed link's token is the key
  invitations: gate('userManagement'),
  kpis: signedIn,
  liveInflow: signedIn,
  liveValues: signedIn,
  login: anonymous,
  loginWithOtpToken: anonymous, // the pending sign-in's cookie and its code are the key
  passwordResetLinkStatus: anonymous, // the e-mailed link's token is the key
  signInProviders: anonymous, // the login page's buttons: names only, no secrets
  mapViewConfigByZoneId: signedIn,
  me: signedIn,
  myOrganizations: signedIn, // the caller's own memberships, for the organization switcher
  mySessions: signedIn, // one's own
  recoveryCodesLeft: signedIn, // one's own
  messageDeliveries: admin,
  usageEvents: admin,
  organizationById: signedIn,
  organizationStats: gate('organizationSettings'),
  outdoorTemperatureImports: signedIn,
  padsByInstallation: signedIn,
  pageById: gate('customDashboards'),
  pagesByDashboardId: gate('customDashboards'),
  dashboardVersions: gate('customDashboards'),
  dashboardVersionModel: gate('customDashboards'),
  editableDashboard: gate('customDashboards'),
  passagesByIds: signedIn,
  passagesByInstallation: signedIn,
  pins: signedIn,
  profiles: gate('userManagement'),
  profileById: signedIn, // one's own profile; another's needs userManagement (service)
  pushSubscribed: signedIn,
  renew: anonymous, // answers null without a valid session
  trustedBrowsers: signedIn, // one's own
  retailData: signedIn,
  retailDataBatch: signedIn,
  salesFunnelAvailablePeriods: gate('salesFunnel'),
  salesFunnelMetrics: gate('salesFunnel'),
  salesFunnelMetricsTotal: gate('salesFunnel'),
  salesFunnelReportingCurrency: gate('salesFunnel'),
  salesFunnelSites: gate('salesFunnel'),
  salesSettings: gate('salesImport'),
  shortLinkByCode: signedIn,
  sites: signedIn,
  staticPageByInstallation: gate('sensorDashboards'),
  stopNGoOccupancy: gate('stopNGoRead'),
  stopNGoScreens: gate('stopNGoRead'),
  supportContact: anonymous, // the sign-in and invitation pages show it
  tagById: signedIn,
  tagCategoriesByOrganizationId: signedIn,
  tagsByIds: signedIn,
  topZoneByInstallation: signedIn,
  topZonesWithTags: signedIn,
  translationDetailsByProject: anonymous,
  translationsByProject: anonymous,
  tutorialProgress: signedIn,
  userById: signedIn, // oneself; another user needs userManagement (service)
  weatherForecast: signedIn,
  webPushPublicKey: signedIn,
  webhookSigningSecret: admin,
  widgetBuilderOrigin: anonymous,
  zonesByIds: signedIn,
  zonesByInstallation: signedIn,
  zonesByTags: signedIn,
  dashboardTemplates: gate('dashboardEdit'), // the site's organization (service)
  exportDashboard: gate('customDashboards'), // a dashboard the caller sees (service)
  previewDashboardImport: gate('dashboardEdit'), // matches within the caller's organizations (service)
};

export const MUTATION_RIGHTS: Record<string, FieldRight> = {
  createRetailReport: gate('reportCreate'),
  createScheduledReport: gate('reportCreate'),
  deleteScheduledReport: gate('reportDelete'),
  sendScheduledReportNow: gate('reports'), // to the caller's own address only
  setScheduledReportEnabled: gate('reportEdit'),
  unsubscribeReport: anonymous, // the e-mailed link's token is the key
  revokeExportLink: anonymous, // the e-mailed link's token is the key
  revokeExportLinks: signedIn, // the export's requester or one of its recipients (who may lack the export right)
  updateScheduledReport: gate('reportEdit'),
  createAlertWithDetails: gate('alertCreate'),
  deleteAlert: gate('alertDelete'),
  updateAlert: gate('alertEdit'),
  updateAlertWithDetails: gate('alertEdit'),
  acceptInvitation: anonymous, // the e-mailed link's token is the key
  completeOnboarding: anonymous, // the e-mailed link's token is the key
  cancelInvitation: gate('userManagement'), // and organization.user edit (service)
  inviteUser: gate('userManagement'), // and organization.user edit (service)
  requestNewInvitation: anonymous, // a new link goes to the invited address only
  resendInvitation: gate('userManagement'), // and organization.user edit (service)
  sendInvitationVerificationCode: anonymous, // the invitation token is the key
  updateInvitationOtpContact: anonymous, // the invitation token is the key
  verifyInvitationContact: anonymous, // the invitation token and the texted code
  addPin: signedIn,
  createApiKey: admin,
  createDashboard: gate('dashboardEdit'),
  createPage: gate('dashboardEdit'),
  createShortLink: signedIn,
  createStopNGoScreen: gate('stopNGoCreate'),
  createWidget: gate('dashboardEdit'),
  saveDashboard: gate('dashboardEdit'),
  restoreDashboardVersion: gate('dashboardEdit'),
  deleteDashboard: gate('dashboardEdit'),
  deletePage: gate('dashboardEdit'),
  deletePin: signedIn,
  deleteStopNGoScreen: gate('stopNGoDelete'),
  deleteWidget: gate('dashboardEdit'),
  finishTutorial: signedIn,
  importOutdoorTemperatures: admin,
  importSalesMetricsCsv: gate('salesImport'),
  logout: anonymous, // clears the cookie whoever asks
  confirmTotp: signedIn, // one's own; not while viewing as (service)
  endMySession: signedIn, // one's own; not while viewing as (service)
  registerBrowser: signedIn, // not while viewing as (service)
  requestPasswordReset: anonymous, // same answer for every address
  regenerateRecoveryCodes: signedIn, // one's own; not while viewing as (service)
  resendLoginOtp: anonymous, // the pending sign-in's cookie is the key
  resetPassword: anonymous, // the e-mailed link's token is the key
  revokeTrustedBrowser: signedIn, // one's own
  signOutEverywhere: signedIn,
  createOrganization: signedIn, // the platform operators only: an e-mail of PLATFORM_ADMIN_EMAILS (service)
  switchOrganization: signedIn, // among the caller's own active memberships; not while viewing as (service)
  startTotpEnrolment: signedIn, // one's own; not while viewing as (service)
  updateOtpContact: signedIn, // one's own; not while viewing as (service)
  updatePassword: signedIn, // one's own, with the current password
  recordUsageEvents: signedIn,
  renameDashboard: gate('dashboardEdit'),
  renewStopNGoScreenSecret: gate('stopNGoEdit'),
  reorderPins: signedIn,
  restartTutorial: signedIn,
  retryMessageDelivery: admin,
  revokeApiKey: admin,
  rotateWebhookSigningSecret: admin,
  sendTestMessage: signedIn, // a webhook test needs an administrator (service)
  sendTestPush: signedIn,
  setMigrationDeadline: gate('organizationEditable'),
  setSalesExchangeRate: admin,
  setSalesReportingCurrency: admin,
  setZoneShopCode: admin,
  subscribePush: signedIn,
  unsubscribePush: signedIn,
  // create, edit or delete depending on the limit before and after (service)
  updateEventStopNGoLimit: gate('stopNGoCreate', 'stopNGoEdit', 'stopNGoDelete'),
  updateOrganization: gate('organizationEditable'),
  updatePage: gate('dashboardEdit'),
  updatePin: signedIn,
  updateUserCustomLinks: signedIn, // oneself; another user needs organization.user edit (service)
  updateUserProfile: signedIn, // e-mail and phone only through requestEmailChange / requestPhoneChange
  requestEmailChange: signedIn, // one's own, with the password; not while viewing as (service)
  confirmEmailChange: anonymous, // the e-mailed link's token is the key
  undoEmailChange: anonymous, // the e-mailed link's token is the key
  requestPhoneChange: signedIn, // one's own, with the password; not while viewing as (service)
  confirmPhoneChange: signedIn, // one's own; not while viewing as (service)
  updateWidget: gate('dashboardEdit'),
  updateUser: gate('userManagement'), // editability of spec 000 §3, §6 (service)
  endUserSessions: gate('userManagement'), // edit right, not oneself (service)
  resetUserTwoFactor: gate('userManagement'), // edit right, not oneself, not while viewing as (service)
  deleteUser: gate('userDelete'), // never oneself; an administrator only by one (service)
  createProfile: admin,
  updateProfile: admin,
  deleteProfile: admin,
  viewAsUser: admin, // a user of the organization, not oneself, not while viewing as (service)
  endViewAs: signedIn, // the bearer's own view-as session
  createDashboardFromTemplate: gate('dashboardEdit'), // the site's organization (service)
  duplicateDashboard: gate('dashboardEdit'), // a dashboard the caller sees (service)
  importDashboard: gate('dashboardEdit'), // every mapped id of the caller's organizations (service)
};

export const SUBSCRIPTION_RIGHTS: Record<string, FieldRight> = {
  liveAlerts: gate('alertRead'), // the caller's zones only (service)
  liveReadings: signedIn,
  sessionEnded: signedIn, // the bearer's own session
  stopNGoDisplay: anonymous, // the screen's secret is its only key
};

export const ROOT_RIGHTS = { Query: QUERY_RIGHTS, Mutation: MUTATION_RIGHTS, Subscription: SUBSCRIPTION_RIGHTS } as const;
export type RootTypeName = keyof typeof ROOT_RIGHTS;

export const RIGHTS_FILE = 'apps/server/src/graphql/fieldRights.ts';
