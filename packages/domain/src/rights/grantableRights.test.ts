import { describe, expect, it } from 'vitest';
import { canGrantProfile, holdsEveryRightOf, leastPrivilegedProfile } from './grantableRights.ts';
import type { Caller, RightsTree } from './rights.ts';
import { normalizeRightsTree } from './rightsTreeShape.ts';
import { canAssignProfile, canDeleteUser, canViewAs, managedUserEditability } from './userManagement.ts';

const tree = (partial: RightsTree): RightsTree => normalizeRightsTree(partial)!;
const caller = (role: string, rights: RightsTree | null): Caller => ({ role, hasProfile: rights !== null, rights, features: {}, hasStaticDashboard: true, hasSites: true });
const userManager = tree({ organization: { user: { read: true, edit: true, delete: true } } });
const manager = caller('user', userManager);
const alertsAndUsers = tree({ organization: { user: { read: true, edit: true, delete: true } }, dashboard: { alert: { read: true } } });
const everything = tree({
  organization: { user: { read: true, edit: true, delete: true }, general: { read: true, edit: true } },
  dashboard: { custom: { read: true, edit: true }, sensor: { read: true }, alert: { read: true, create: true, edit: true, delete: true }, report: { read: true, create: true, edit: true, delete: true } },
  app: { salesFunnel: { read: true }, stopNGO: { read: true, create: true, edit: true, delete: true } },
  data: { salesMetrics: { edit: true } },
});

describe('nobody grants or edits more than they hold (issue 28.4)', () => {
  it.each([
    ['the same profile', userManager, true],
    ['a profile with less', tree({ organization: { user: { read: true } } }), true],
    ['a profile with one right more', alertsAndUsers, false],
    ['the Administrator profile (every switch)', everything, false],
    ['no profile (alerts and user management by default)', null, false],
  ])('a user manager grants %s: %s', (_n, rights, allowed) => {
    expect(canGrantProfile(manager, rights)).toBe(allowed);
  });

  it('an administrator grants anything', () => {
    expect(canGrantProfile(caller('admin', null), everything)).toBe(true);
    expect(canGrantProfile(caller('admin', null), null)).toBe(true);
  });

  it('a user holding every switch still lacks what only administrators hold', () => {
    expect(holdsEveryRightOf(caller('user', everything), { isAdmin: true, rights: null })).toBe(false);
    expect(holdsEveryRightOf(caller('admin', null), { isAdmin: true, rights: null })).toBe(true);
  });

  it('a colleague holding more is read only, never assigned, removed or viewed as', () => {
    const colleague = { isSelf: false, isAdmin: false, rights: alertsAndUsers };
    expect(managedUserEditability(manager, colleague)).toBe('READ_ONLY');
    expect(canAssignProfile(manager, colleague)).toBe(false);
    expect(canDeleteUser(manager, colleague)).toBe(false);
    expect(canViewAs(caller('user', everything), colleague)).toBe(false);
    expect(managedUserEditability(caller('user', alertsAndUsers), colleague)).toBe('EDITABLE');
  });
});

describe('the profile an invitation starts with', () => {
  const admin = caller('admin', null);
  const viewer = { id: 'viewer', rights: tree({ dashboard: { custom: { read: true }, sensor: { read: true } } }) };
  const none = { id: '', rights: null };
  const all = { id: 'administrator', rights: everything };

  it('is the offer giving the fewest rights, not "no profile" and its open defaults', () => {
    expect(leastPrivilegedProfile(admin, [none, all, viewer])?.id).toBe('viewer');
    expect(leastPrivilegedProfile(admin, [none, all])?.id).toBe('');
  });

  it('keeps the first of equals, and nothing when nothing is offered', () => {
    expect(leastPrivilegedProfile(admin, [viewer, { ...viewer, id: 'copy' }])?.id).toBe('viewer');
    expect(leastPrivilegedProfile(admin, [])).toBeUndefined();
  });
});
