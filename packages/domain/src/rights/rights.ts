/**
 * The rights tree and every gate derived from it. The web app calls these to show or hide,
 * the server calls the same functions to refuse. A right missing from the tree is `undefined`;
 * `null` coming from JSON is treated the same way.
 */
export interface CrudRight {
  read?: boolean;
  create?: boolean;
  edit?: boolean;
  delete?: boolean;
}

export interface RightsTree {
  organization?: { user?: CrudRight; general?: CrudRight };
  dashboard?: { custom?: CrudRight; sensor?: CrudRight; alert?: CrudRight; report?: CrudRight };
  app?: { salesFunnel?: CrudRight; stopNGO?: CrudRight };
  data?: { salesMetrics?: CrudRight };
}

export interface Caller {
  role: string;
  hasProfile: boolean;
  rights: RightsTree | null;
  features: { dataExport?: boolean; alertsRestricted?: boolean };
  hasStaticDashboard: boolean;
  hasSites: boolean;
}

export type Crud = Required<CrudRight>;

const all = (value: boolean): Crud => ({ read: value, create: value, edit: value, delete: value });
const full = (): Crud => Object.freeze(all(true));

/** Frozen: effectiveRights hands this very object to every administrator. */
export const FULL_RIGHTS: RightsTree = Object.freeze({
  organization: Object.freeze({ user: full(), general: full() }),
  dashboard: Object.freeze({ custom: full(), sensor: full(), alert: full(), report: full() }),
  app: Object.freeze({ salesFunnel: full(), stopNGO: full() }),
  data: Object.freeze({ salesMetrics: full() }),
});

/** Only an explicit `true` grants. */
const granted = (right: boolean | null | undefined): boolean => right === true;
/** Rules the spec writes as "true or undefined": only an explicit `false` refuses. */
const unlessDenied = (right: boolean | null | undefined): boolean => right !== false;

export function isAdmin(role: string): boolean {
  return role === 'admin';
}

/** Administrators hold every right; others hold their profile's rights, none without a profile. */
export function effectiveRights(caller: Caller): RightsTree {
  if (isAdmin(caller.role)) return FULL_RIGHTS;
  return caller.hasProfile ? (caller.rights ?? {}) : {};
}

export function alertRights(caller: Caller): Crud {
  if (isAdmin(caller.role)) return all(true);
  if (!caller.hasProfile) return all(caller.features.alertsRestricted !== true);
  const alert = caller.rights?.dashboard?.alert;
  return {
    read: granted(alert?.read),
    create: granted(alert?.create),
    edit: granted(alert?.edit),
    delete: granted(alert?.delete),
  };
}

export interface Gates {
  alerts: boolean;
  /** Reading alerts and their triggered episodes (the alert-log widget): dashboard.alert read. */
  alertRead: boolean;
  alertCreate: boolean;
  alertEdit: boolean;
  alertDelete: boolean;
  reports: boolean;
  reportCreate: boolean;
  reportEdit: boolean;
  reportDelete: boolean;
  stopNGo: boolean;
  /** Limits and screens are readable with read, and with edit (one cannot edit what one cannot see). */
  stopNGoRead: boolean;
  stopNGoCreate: boolean;
  stopNGoEdit: boolean;
  stopNGoDelete: boolean;
  salesImport: boolean;
  salesFunnel: boolean;
  /** Reading sales figures (turnover, orders, goods sold and what is computed from them) anywhere: the funnel's right, or the importer's. */
  salesData: boolean;
  exportData: boolean;
  settings: boolean;
  /** The Organization tab of settings: organization.general read allowed or undefined. */
  organizationSettings: boolean;
  organizationEditable: boolean;
  userManagement: boolean;
  userDelete: boolean;
  /** The Deliveries tab of settings (outgoing messages, webhook secret): administrators. */
  deliveries: boolean;
  /** Settings > Rights profiles and Settings > Audit log (what was done while viewing as): administrators. */
  rightsProfiles: boolean;
  auditLog: boolean;
  customDashboards: boolean;
  /** Building dashboards in the editor (and every editing call on the server): dashboard.custom edit. */
  dashboardEdit: boolean;
  sensorDashboards: boolean;
  sites: boolean;
}

export function gates(caller: Caller): Gates {
  const r = effectiveRights(caller);
  const alert = alertRights(caller);
  const report = r.dashboard?.report;
  const stopNGO = r.app?.stopNGO;
  const user = r.organization?.user;
  const general = r.organization?.general;
  // "active if the read right is true or not a boolean"
  const userManagement = unlessDenied(user?.read);
  return {
    alerts: alert.read || alert.create || alert.edit,
    alertRead: alert.read,
    alertCreate: alert.create,
    alertEdit: alert.edit,
    alertDelete: alert.delete,
    reports: granted(report?.read),
    reportCreate: granted(report?.create),
    reportEdit: granted(report?.edit),
    reportDelete: granted(report?.delete),
    stopNGo: granted(stopNGO?.edit),
    stopNGoRead: granted(stopNGO?.read) || granted(stopNGO?.edit),
    stopNGoCreate: granted(stopNGO?.create),
    stopNGoEdit: granted(stopNGO?.edit),
    stopNGoDelete: granted(stopNGO?.delete),
    salesImport: granted(r.data?.salesMetrics?.edit),
    salesFunnel: granted(r.app?.salesFunnel?.read),
    salesData: granted(r.app?.salesFunnel?.read) || granted(r.data?.salesMetrics?.edit),
    exportData: caller.hasStaticDashboard && unlessDenied(report?.create) && granted(caller.features.dataExport),
    settings: unlessDenied(general?.read) || userManagement,
    organizationSettings: unlessDenied(general?.read),
    organizationEditable: granted(general?.edit),
    userManagement,
    userDelete: granted(user?.delete),
    deliveries: isAdmin(caller.role),
    rightsProfiles: isAdmin(caller.role),
    auditLog: isAdmin(caller.role),
    customDashboards: granted(r.dashboard?.custom?.read),
    dashboardEdit: granted(r.dashboard?.custom?.edit),
    sensorDashboards: granted(r.dashboard?.sensor?.read),
    sites: caller.hasSites,
  };
}

/**
 * Who changes a stored dashboard (issue 32): holders of dashboard.custom edit, on their own
 * dashboards (`user`), administrators also on the organization's; marketplace ones are read-only.
 */
export function canEditDashboard(caller: Caller, kind: string): boolean {
  if (!gates(caller).dashboardEdit) return false;
  return kind === 'user' || (kind === 'organization' && isAdmin(caller.role));
}

export type UserEditability = 'EDITABLE' | 'PARTIALLY_EDITABLE' | 'READ_ONLY';

/** How the caller may edit a user in user management; one's own record is at least partly editable. */
export function userEditability(caller: Caller, opts: { isSelf: boolean }): UserEditability {
  if (granted(effectiveRights(caller).organization?.user?.edit)) return 'EDITABLE';
  return opts.isSelf ? 'PARTIALLY_EDITABLE' : 'READ_ONLY';
}
