import { describe, expect, it } from 'vitest';
import type { Caller, RightsTree } from './rights.ts';
import { normalizeRightsTree, profileNameError, readRight, switchRight } from './rightsTreeShape.ts';
import { canAssignProfile, canDeleteUser, canEndUserSessions, canResetTwoFactor, canViewAs, managedUserEditability } from './userManagement.ts';

const caller = (role: string, rights: RightsTree | null): Caller => ({ role, hasProfile: rights !== null, rights, features: {}, hasStaticDashboard: true, hasSites: true });
const admin = caller('admin', null);
const editor = caller('user', { organization: { user: { read: true, edit: true, delete: true } } });
const reader = caller('user', { organization: { user: { read: true, edit: false, delete: false } } });
const readerRights: RightsTree = { organization: { user: { read: true, edit: false, delete: false } } };
const other = { isSelf: false, isAdmin: false, rights: readerRights };
const otherAdmin = { isSelf: false, isAdmin: true, rights: null };
const self = { isSelf: true, isAdmin: false, rights: readerRights };

describe('user management rules (spec 000 §3, §6)', () => {
  it.each([
    ['admin', admin, other, 'EDITABLE', true, true, true],
    ['admin on an admin', admin, otherAdmin, 'EDITABLE', true, true, true],
    ['admin on self', admin, { isSelf: true, isAdmin: true, rights: null }, 'EDITABLE', false, false, false],
    ['edit right', editor, other, 'EDITABLE', true, true, false],
    ['edit right on an admin', editor, otherAdmin, 'READ_ONLY', false, false, false],
    ['edit right on self', editor, self, 'EDITABLE', false, false, false],
    ['read only', reader, other, 'READ_ONLY', false, false, false],
    ['read only on self', reader, self, 'PARTIALLY_EDITABLE', false, false, false],
  ] as const)('%s', (_n, c, target, editability, assign, del, viewAs) => {
    expect(managedUserEditability(c, target)).toBe(editability);
    expect(canAssignProfile(c, target)).toBe(assign);
    // Ending a user's sessions follows the same rule as assigning their profile: edit, never oneself.
    expect(canEndUserSessions(c, target)).toBe(assign);
    expect(canResetTwoFactor(c, target)).toBe(assign);
    expect(canDeleteUser(c, target)).toBe(del);
    expect(canViewAs(c, target)).toBe(viewAs);
  });
});

describe('rights tree of a profile', () => {
  it('states every switch, false when not given', () => {
    const tree = normalizeRightsTree({ dashboard: { alert: { read: true } } });
    expect(readRight(tree, { area: 'dashboard', subject: 'alert', action: 'read' })).toBe(true);
    expect(tree?.dashboard?.alert).toEqual({ read: true, create: false, edit: false, delete: false });
    expect(tree?.organization?.user).toEqual({ read: false, edit: false, delete: false });
  });
  it('reads what it may create, edit or delete', () => {
    const tree = normalizeRightsTree({ dashboard: { alert: { edit: true }, report: { delete: true } }, organization: { user: { edit: true } }, data: { salesMetrics: { edit: true } } });
    expect(tree?.dashboard?.alert).toEqual({ read: true, create: false, edit: true, delete: false });
    expect(tree?.dashboard?.report).toEqual({ read: true, create: false, edit: false, delete: true });
    expect(tree?.organization?.user).toEqual({ read: true, edit: true, delete: false });
    // Sales metrics have no read switch: editing them stays alone.
    expect(tree?.data?.salesMetrics).toEqual({ edit: true });
  });
  it.each([
    ['edit on turns read on', { read: false, create: false, edit: false, delete: false }, 'edit', true, { read: true, create: false, edit: true, delete: false }],
    ['create on turns read on', { read: false, create: false, edit: false, delete: false }, 'create', true, { read: true, create: true, edit: false, delete: false }],
    ['read off turns every action off', { read: true, create: true, edit: true, delete: true }, 'read', false, { read: false, create: false, edit: false, delete: false }],
    ['edit off leaves read on', { read: true, create: false, edit: true, delete: false }, 'edit', false, { read: true, create: false, edit: false, delete: false }],
    ['read on alone', { read: false, create: false, edit: false, delete: false }, 'read', true, { read: true, create: false, edit: false, delete: false }],
  ] as const)('switchRight: %s', (_name, alert, action, on, expected) => {
    const before = normalizeRightsTree({ dashboard: { alert: { ...alert } } })!;
    const after = switchRight(before, { area: 'dashboard', subject: 'alert', action }, on);
    expect(after.dashboard?.alert).toEqual(expected);
    expect(before.dashboard?.alert).toEqual(alert.create || alert.edit || alert.delete ? { ...alert, read: true } : alert);
  });
  it.each([[null], [[]], [{ dashboard: { alert: { read: 'yes' } } }], [{ admin: {} }], [{ dashboard: { alert: { fly: true } } }], [{ data: { salesMetrics: { read: true } } }]])(
    'refuses %j',
    (input) => expect(normalizeRightsTree(input)).toBeNull(),
  );
  it.each([
    ['', 'errors.requiredField'],
    ['  ', 'errors.requiredField'],
    ['Analysts', null],
    ['x'.repeat(61), 'errors.tooLong'],
  ])('name %j → %s', (name, error) => expect(profileNameError(name)).toBe(error));
});
