import { describe, expect, it } from 'vitest';
import {
  alertRights,
  canEditDashboard,
  effectiveRights,
  FULL_RIGHTS,
  gates,
  isAdmin,
  userEditability,
  type Caller,
  type Gates,
  type RightsTree,
} from './rights.ts';

const caller = (over: Partial<Caller> = {}): Caller => ({
  role: 'user',
  hasProfile: true,
  rights: {},
  features: {},
  hasStaticDashboard: false,
  hasSites: false,
  ...over,
});
const withRights = (rights: RightsTree, over: Partial<Caller> = {}): Caller => caller({ rights, ...over });
const admin = caller({ role: 'admin', hasProfile: false, rights: null });
const noProfile = caller({ hasProfile: false, rights: null });
const exporter = (rights: RightsTree, over: Partial<Caller> = {}): Caller =>
  withRights(rights, { hasStaticDashboard: true, features: { dataExport: true }, ...over });
const T = true;
const F = false;

describe('isAdmin and effectiveRights', () => {
  it.each([
    ['admin', true],
    ['user', false],
    ['Admin', false],
    ['', false],
  ])('isAdmin(%j) is %s', (role, expected) => {
    expect(isAdmin(role)).toBe(expected);
  });

  it.each([
    ['administrator', admin, FULL_RIGHTS],
    ['administrator with a narrow profile', caller({ role: 'admin', rights: { app: {} } }), FULL_RIGHTS],
    ['profile', withRights({ app: { salesFunnel: { read: true } } }), { app: { salesFunnel: { read: true } } }],
    ['profile without rights', caller({ rights: null }), {}],
    ['no profile', noProfile, {}],
  ])('%s', (_label, c, expected) => {
    expect(effectiveRights(c)).toEqual(expected);
  });

  it('FULL_RIGHTS cannot be changed through an administrator', () => {
    expect(() => {
      (effectiveRights(admin).organization as { user: unknown }).user = {};
    }).toThrow(TypeError);
  });
});

describe('alertRights', () => {
  const allOf = (v: boolean) => ({ read: v, create: v, edit: v, delete: v });
  it.each([
    ['administrator', admin, allOf(T)],
    ['administrator even when restricted', { ...admin, features: { alertsRestricted: true } }, allOf(T)],
    ['no profile', noProfile, allOf(T)],
    ['no profile, restricted flag', { ...noProfile, features: { alertsRestricted: true } }, allOf(F)],
    ['profile without dashboard.alert', withRights({ dashboard: {} }), allOf(F)],
    ['profile with null rights', caller({ rights: null }), allOf(F)],
    [
      'profile with partial dashboard.alert',
      withRights({ dashboard: { alert: { read: true, edit: false } } }),
      { read: T, create: F, edit: F, delete: F },
    ],
  ])('%s', (_label, c, expected) => {
    expect(alertRights(c)).toEqual(expected);
  });
});

describe('gates', () => {
  const cases: [string, Caller, keyof Gates, boolean][] = [
    ['alerts with read only', withRights({ dashboard: { alert: { read: T } } }), 'alerts', T],
    ['alerts with create only', withRights({ dashboard: { alert: { create: T } } }), 'alerts', T],
    ['alerts with edit only', withRights({ dashboard: { alert: { edit: T } } }), 'alerts', T],
    ['alerts with delete only', withRights({ dashboard: { alert: { delete: T } } }), 'alerts', F],
    ['alerts without a profile', noProfile, 'alerts', T],
    ['alerts without a profile, restricted', { ...noProfile, features: { alertsRestricted: T } }, 'alerts', F],
    ['alertRead with read', withRights({ dashboard: { alert: { read: T } } }), 'alertRead', T],
    ['alertRead with create only', withRights({ dashboard: { alert: { create: T } } }), 'alertRead', F],
    ['alertRead without a profile', noProfile, 'alertRead', T],
    ['alertCreate', withRights({ dashboard: { alert: { create: T } } }), 'alertCreate', T],
    ['alertEdit missing', withRights({ dashboard: { alert: { create: T } } }), 'alertEdit', F],
    ['alertDelete', withRights({ dashboard: { alert: { delete: T } } }), 'alertDelete', T],
    ['reports with read', withRights({ dashboard: { report: { read: T } } }), 'reports', T],
    ['reports with read undefined', withRights({ dashboard: { report: { create: T } } }), 'reports', F],
    ['reportCreate', withRights({ dashboard: { report: { create: T } } }), 'reportCreate', T],
    ['reportEdit false', withRights({ dashboard: { report: { edit: F } } }), 'reportEdit', F],
    ['reportDelete', withRights({ dashboard: { report: { delete: T } } }), 'reportDelete', T],
    ['stopNGo needs edit', withRights({ app: { stopNGO: { edit: T } } }), 'stopNGo', T],
    ['stopNGo with read only', withRights({ app: { stopNGO: { read: T } } }), 'stopNGo', F],
    ['stopNGoRead with read', withRights({ app: { stopNGO: { read: T } } }), 'stopNGoRead', T],
    ['stopNGoRead with edit', withRights({ app: { stopNGO: { edit: T } } }), 'stopNGoRead', T],
    ['stopNGoRead with create only', withRights({ app: { stopNGO: { create: T } } }), 'stopNGoRead', F],
    ['stopNGoCreate', withRights({ app: { stopNGO: { create: T } } }), 'stopNGoCreate', T],
    ['stopNGoEdit', withRights({ app: { stopNGO: { edit: T } } }), 'stopNGoEdit', T],
    ['stopNGoDelete missing', withRights({ app: { stopNGO: { edit: T } } }), 'stopNGoDelete', F],
    ['salesImport', withRights({ data: { salesMetrics: { edit: T } } }), 'salesImport', T],
    ['salesImport undefined', withRights({ data: {} }), 'salesImport', F],
    ['salesFunnel', withRights({ app: { salesFunnel: { read: T } } }), 'salesFunnel', T],
    ['salesFunnel false', withRights({ app: { salesFunnel: { read: F } } }), 'salesFunnel', F],
    ['salesData with the funnel', withRights({ app: { salesFunnel: { read: T } } }), 'salesData', T],
    ['salesData with the import', withRights({ data: { salesMetrics: { edit: T } } }), 'salesData', T],
    ['salesData without either', withRights({ dashboard: { custom: { read: T } }, app: { stopNGO: { read: T } } }), 'salesData', F],
    ['export: all met', exporter({ dashboard: { report: { create: T } } }), 'exportData', T],
    ['export: report.create undefined counts', exporter({}), 'exportData', T],
    ['export: report.create false', exporter({ dashboard: { report: { create: F } } }), 'exportData', F],
    ['export: no static dashboard', exporter({}, { hasStaticDashboard: F }), 'exportData', F],
    ['export: flag off', exporter({}, { features: {} }), 'exportData', F],
    ['export: flag false', exporter({}, { features: { dataExport: F } }), 'exportData', F],
    ['export: administrator still needs the flag', { ...admin, hasStaticDashboard: T }, 'exportData', F],
    ['settings: general.read undefined', withRights({ organization: { user: { read: F } } }), 'settings', T],
    ['settings: general.read true', withRights({ organization: { general: { read: T }, user: { read: F } } }), 'settings', T],
    ['settings: general.read false but user management', withRights({ organization: { general: { read: F } } }), 'settings', T],
    ['settings: both refused', withRights({ organization: { general: { read: F }, user: { read: F } } }), 'settings', F],
    ['organization tab: general.read undefined', withRights({ organization: { user: { read: F } } }), 'organizationSettings', T],
    ['organization tab: general.read false', withRights({ organization: { general: { read: F } } }), 'organizationSettings', F],
    ['organizationEditable', withRights({ organization: { general: { edit: T } } }), 'organizationEditable', T],
    ['organization read-only', withRights({ organization: { general: { read: T } } }), 'organizationEditable', F],
    ['userManagement: read true', withRights({ organization: { user: { read: T } } }), 'userManagement', T],
    ['userManagement: read not a boolean', withRights({ organization: { user: {} } }), 'userManagement', T],
    ['userManagement: no rights at all', caller({ rights: null }), 'userManagement', T],
    ['userManagement: read false', withRights({ organization: { user: { read: F } } }), 'userManagement', F],
    ['userDelete', withRights({ organization: { user: { delete: T } } }), 'userDelete', T],
    ['userDelete undefined', withRights({ organization: { user: { read: T } } }), 'userDelete', F],
    ['customDashboards', withRights({ dashboard: { custom: { read: T } } }), 'customDashboards', T],
    ['customDashboards undefined', withRights({}), 'customDashboards', F],
    ['dashboardEdit', withRights({ dashboard: { custom: { read: T, edit: T } } }), 'dashboardEdit', T],
    ['dashboardEdit: reading is not editing', withRights({ dashboard: { custom: { read: T } } }), 'dashboardEdit', F],
    ['dashboardEdit: administrators', admin, 'dashboardEdit', T],
    ['sensorDashboards', withRights({ dashboard: { sensor: { read: T } } }), 'sensorDashboards', T],
    ['sensorDashboards false', withRights({ dashboard: { sensor: { read: F } } }), 'sensorDashboards', F],
    ['sites when the user has sites', caller({ hasSites: T }), 'sites', T],
    ['no sites', caller(), 'sites', F],
    ['administrator without sites', admin, 'sites', F],
    ['deliveries: administrators', admin, 'deliveries', T],
    ['deliveries: not with every right of a profile', withRights(FULL_RIGHTS), 'deliveries', F],
  ];
  it.each(cases)('%s → %s is %s', (_label, c, gate, expected) => {
    expect(gates(c)[gate]).toBe(expected);
  });

  it('an administrator passes every right-based gate', () => {
    const { exportData, sites, ...rightBased } = gates(admin);
    expect(Object.values(rightBased).every(Boolean)).toBe(true);
    expect([exportData, sites]).toEqual([F, F]);
  });

  it('no profile: only the gates the spec leaves open by default', () => {
    const open = Object.entries(gates(noProfile)).filter(([, v]) => v).map(([k]) => k);
    expect(open.sort()).toEqual(['alertCreate', 'alertDelete', 'alertEdit', 'alertRead', 'alerts', 'organizationSettings', 'settings', 'userManagement']);
  });
});

describe('userEditability', () => {
  it.each([
    ['edit right, other user', withRights({ organization: { user: { edit: T } } }), false, 'EDITABLE'],
    ['edit right, self', withRights({ organization: { user: { edit: T } } }), true, 'EDITABLE'],
    ['no edit right, self', withRights({ organization: { user: { read: T } } }), true, 'PARTIALLY_EDITABLE'],
    ['no edit right, other user', withRights({ organization: { user: { read: T } } }), false, 'READ_ONLY'],
    ['edit false, other user', withRights({ organization: { user: { edit: F } } }), false, 'READ_ONLY'],
    ['no profile, other user', noProfile, false, 'READ_ONLY'],
    ['administrator', admin, false, 'EDITABLE'],
  ] as const)('%s → %s', (_label, c, isSelf, expected) => {
    expect(userEditability(c, { isSelf })).toBe(expected);
  });
});

describe('canEditDashboard', () => {
  const builder = withRights({ dashboard: { custom: { read: T, edit: T } } });
  const reader = withRights({ dashboard: { custom: { read: T } } });
  it.each([
    ['a builder, their own', builder, 'user', T],
    ['a builder, the organization’s', builder, 'organization', F],
    ['a reader, their own', reader, 'user', F],
    ['an administrator, the organization’s', admin, 'organization', T],
    ['an administrator, a marketplace one', admin, 'marketplace', F],
  ])('%s', (_n, who, kind, allowed) => {
    expect(canEditDashboard(who, kind)).toBe(allowed);
  });
});
