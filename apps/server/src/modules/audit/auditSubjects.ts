import type { SqlClient } from '../../db/database.ts';

/**
 * What an audited operation acts on: the row it changes, read before and after the call, gives the
 * object's name and the fields that changed. Only the columns listed here count, each under the
 * field name the web app translates (`auditLog.fields.<name>`): bookkeeping columns are left out,
 * and a secret column is named (the password changed) but its value is never kept.
 */
interface SubjectTable {
  /** The row as JSON (`$1` is its id); a fixed text, never built from input. */
  snapshot: string;
  fields: Record<string, string>;
}

const userName = `coalesce(nullif(trim(t.first_name || ' ' || t.last_name), ''), t.email)`;

const TABLES = {
  users: {
    // The header links are the user's in each organization (user_organizations): compared together.
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', ${userName},
        'custom_links', (SELECT coalesce(jsonb_agg(m.custom_links ORDER BY m.organization_id), '[]') FROM user_organizations m WHERE m.user_id = t.id)) AS row
      FROM users t WHERE t.id = $1`,
    fields: {
      email: 'email',
      password_hash: 'password',
      first_name: 'firstName',
      last_name: 'lastName',
      lang: 'language',
      date_format: 'dateFormat',
      picture: 'picture',
      profile_id: 'rightsProfile',
      phone: 'phone',
      otp_contact: 'twoFactor',
      totp_secret: 'authenticator',
      role: 'role',
      theme: 'theme',
      timezone: 'timezone',
      custom_links: 'customLinks',
      status: 'status',
    },
  },
  alerts: {
    // Conditions and actions are rows of their own, replaced on save: compared without their ids.
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name,
        'conditions', (SELECT coalesce(jsonb_agg(to_jsonb(c) - 'id' - 'alert_id' ORDER BY c.id), '[]') FROM alert_conditions c WHERE c.alert_id = t.id),
        'actions', (SELECT coalesce(jsonb_agg(to_jsonb(a) - 'id' - 'alert_id' ORDER BY a.position, a.id), '[]') FROM alert_actions a WHERE a.alert_id = t.id)) AS row
      FROM alerts t WHERE t.id = $1`,
    fields: {
      name: 'name',
      enabled: 'enabled',
      installation_id: 'site',
      event_id: 'event',
      schedule: 'schedule',
      planning_id: 'schedule',
      reminder_minutes: 'reminder',
      conditions: 'conditions',
      actions: 'actions',
    },
  },
  dashboards: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM dashboards t WHERE t.id = $1`,
    fields: { name: 'name' },
  },
  dashboard_pages: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM dashboard_pages t WHERE t.id = $1`,
    fields: { name: 'name', icon: 'icon', position: 'position', widget_global_filters: 'filters' },
  },
  dashboard_widgets: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.title) AS row FROM dashboard_widgets t WHERE t.id = $1`,
    fields: {
      title: 'title',
      position: 'position',
      type: 'settings',
      category: 'settings',
      tooltip_messages: 'settings',
      real_time: 'settings',
      kind: 'settings',
      zone_ids: 'settings',
      device_ids: 'settings',
      passage_ids: 'settings',
      alert_ids: 'settings',
      ignored_filters: 'filters',
      headers: 'settings',
      metrics: 'settings',
      configuration: 'settings',
    },
  },
  pins: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.title) AS row FROM pins t WHERE t.id = $1`,
    fields: { url: 'url', title: 'title', position: 'position', target: 'target' },
  },
  profiles: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM profiles t WHERE t.id = $1`,
    fields: { name: 'name', rights: 'rights', is_default: 'isDefault' },
  },
  scheduled_reports: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.title) AS row FROM scheduled_reports t WHERE t.id = $1`,
    fields: {
      title: 'title',
      installation_id: 'site',
      event_id: 'event',
      zone_id: 'zone',
      language: 'language',
      send_day: 'sendDay',
      hour: 'hour',
      days_included: 'daysIncluded',
      granularity: 'granularity',
      emails: 'recipients',
      enabled: 'enabled',
    },
  },
  stopngo_screens: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM stopngo_screens t WHERE t.id = $1`,
    fields: { name: 'name', event_id: 'event', language: 'language', second_language: 'secondLanguage', secret_hash: 'secret' },
  },
  organizations: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM organizations t WHERE t.id = $1`,
    fields: { name: 'name', logo: 'logo', address: 'address', migration_deadline: 'migrationDeadline', custom_links: 'customLinks' },
  },
  api_keys: {
    snapshot: `SELECT to_jsonb(t) || jsonb_build_object('__name', t.name) AS row FROM api_keys t WHERE t.id = $1`,
    fields: { name: 'name' },
  },
} satisfies Record<string, SubjectTable>;

type TableName = keyof typeof TABLES;
type Args = Record<string, unknown>;
/** The id of the row: from the arguments, from the answer (a creation), or the caller (their own account). */
type IdSource = { args: (a: Args) => unknown } | { result: (r: unknown) => unknown } | 'self';

const arg = (name: string): IdSource => ({ args: (a) => a[name] });
const inputId: IdSource = { args: (a) => (a.input as Args | undefined)?.id };
const created = (path: (r: Record<string, Record<string, unknown>>) => unknown = (r) => r.id): IdSource => ({
  result: (r) => (r && typeof r === 'object' ? path(r as Record<string, Record<string, unknown>>) : undefined),
});

const SUBJECTS: Record<string, [TableName, IdSource]> = {
  updateUserProfile: ['users', 'self'],
  updateOtpContact: ['users', 'self'],
  startTotpEnrolment: ['users', 'self'],
  confirmTotp: ['users', 'self'],
  updatePassword: ['users', 'self'],
  registerBrowser: ['users', 'self'],
  revokeTrustedBrowser: ['users', 'self'],
  regenerateRecoveryCodes: ['users', 'self'],
  signOutEverywhere: ['users', 'self'],
  endMySession: ['users', 'self'],
  logout: ['users', 'self'],
  finishTutorial: ['users', 'self'],
  restartTutorial: ['users', 'self'],
  subscribePush: ['users', 'self'],
  unsubscribePush: ['users', 'self'],
  sendTestPush: ['users', 'self'],
  sendTestMessage: ['users', 'self'],
  endViewAs: ['users', 'self'],
  viewAsUser: ['users', arg('userId')],
  updateUser: ['users', arg('userId')],
  updateUserCustomLinks: ['users', arg('userId')],
  deleteUser: ['users', arg('userId')],
  endUserSessions: ['users', arg('userId')],
  cancelInvitation: ['users', arg('userId')],
  resendInvitation: ['users', arg('userId')],
  inviteUser: ['users', created()],
  createAlertWithDetails: ['alerts', created()],
  updateAlertWithDetails: ['alerts', inputId],
  updateAlert: ['alerts', arg('id')],
  deleteAlert: ['alerts', arg('id')],
  createDashboard: ['dashboards', created()],
  renameDashboard: ['dashboards', arg('id')],
  deleteDashboard: ['dashboards', arg('id')],
  createPage: ['dashboard_pages', created()],
  updatePage: ['dashboard_pages', arg('id')],
  deletePage: ['dashboard_pages', arg('id')],
  createWidget: ['dashboard_widgets', created()],
  updateWidget: ['dashboard_widgets', arg('id')],
  deleteWidget: ['dashboard_widgets', arg('id')],
  addPin: ['pins', created()],
  updatePin: ['pins', arg('id')],
  deletePin: ['pins', arg('id')],
  createProfile: ['profiles', created()],
  updateProfile: ['profiles', arg('id')],
  deleteProfile: ['profiles', arg('id')],
  createScheduledReport: ['scheduled_reports', created()],
  updateScheduledReport: ['scheduled_reports', arg('id')],
  deleteScheduledReport: ['scheduled_reports', arg('id')],
  setScheduledReportEnabled: ['scheduled_reports', arg('id')],
  sendScheduledReportNow: ['scheduled_reports', arg('id')],
  createStopNGoScreen: ['stopngo_screens', created((r) => r.screen?.id)],
  renewStopNGoScreenSecret: ['stopngo_screens', arg('id')],
  deleteStopNGoScreen: ['stopngo_screens', arg('id')],
  updateOrganization: ['organizations', arg('id')],
  setMigrationDeadline: ['organizations', arg('organizationId')],
  createApiKey: ['api_keys', created((r) => r.apiKey?.id)],
  revokeApiKey: ['api_keys', arg('id')],
};

type Row = Record<string, unknown> | null;

async function snapshot(sql: SqlClient, table: TableName, id: unknown): Promise<Row> {
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  const { rows } = await sql.query<{ row: Record<string, unknown> }>(TABLES[table].snapshot, [id]);
  return rows[0]?.row ?? null;
}

/** The fields of `table` whose values differ between the two snapshots, each named once. */
export function changedFieldsOf(table: TableName, before: Row, after: Row): string[] {
  if (!before || !after) return [];
  const changed = new Set<string>();
  for (const [column, field] of Object.entries(TABLES[table].fields)) {
    if (JSON.stringify(before[column] ?? null) !== JSON.stringify(after[column] ?? null)) changed.add(field);
  }
  return [...changed];
}

export interface AuditDetail {
  objectName: string | null;
  changedFields: string[];
}

/**
 * Reads the subject before the call; the returned function reads it after (with the call's answer,
 * for a creation) and tells its name and what changed. An operation with no subject gives neither.
 */
export async function watchSubject(sql: SqlClient, operation: string, args: Args, selfId: number): Promise<(result: unknown) => Promise<AuditDetail>> {
  const subject = SUBJECTS[operation];
  if (!subject) return () => Promise.resolve({ objectName: null, changedFields: [] });
  const [table, source] = subject;
  const idBefore = source === 'self' ? selfId : 'args' in source ? source.args(args) : undefined;
  const before = await snapshot(sql, table, idBefore);
  return async (result) => {
    const id = idBefore ?? (source !== 'self' && 'result' in source ? source.result(result) : undefined);
    const after = result === undefined ? null : await snapshot(sql, table, id);
    const name = (after ?? before)?.__name;
    return { objectName: typeof name === 'string' && name !== '' ? name : null, changedFields: changedFieldsOf(table, before, after) };
  };
}
