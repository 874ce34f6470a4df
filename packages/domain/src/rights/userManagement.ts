import { type RightsHolder, holdsEveryRightOf } from './grantableRights.ts';
import { type Caller, type UserEditability, gates, isAdmin, userEditability } from './rights.ts';

export interface ManagedUserTarget extends RightsHolder {
  isSelf: boolean;
}

/**
 * How the caller may edit a user in user management (spec 000 §3, §6): the shared rule, with one
 * guard more: nobody edits a user holding a right they lack (an administrator only by an
 * administrator), so nobody gains rights by the edit right.
 */
export function managedUserEditability(caller: Caller, target: ManagedUserTarget): UserEditability {
  const base = userEditability(caller, { isSelf: target.isSelf });
  if (base === 'EDITABLE' && !target.isSelf && !holdsEveryRightOf(caller, target)) return 'READ_ONLY';
  return base;
}

/** The user holds a right the caller lacks: editing, removing and viewing as them are refused. */
export function targetOutranksCaller(caller: Caller, target: ManagedUserTarget): boolean {
  return !target.isSelf && !holdsEveryRightOf(caller, target);
}

/** Assigning a rights profile: the edit right, never on one's own record (no granting oneself more). */
export function canAssignProfile(caller: Caller, target: ManagedUserTarget): boolean {
  return !target.isSelf && managedUserEditability(caller, target) === 'EDITABLE';
}

/** Ending all of a user's sessions (a lost laptop): the edit right, never oneself (one's own sessions are on the profile). */
export function canEndUserSessions(caller: Caller, target: ManagedUserTarget): boolean {
  return !target.isSelf && managedUserEditability(caller, target) === 'EDITABLE';
}

/**
 * Resetting a user's two-factor (a lost phone or app, issue 29.17): the edit right, never oneself
 * (one's own is on the profile). The server refuses it besides while viewing as anyone.
 */
export function canResetTwoFactor(caller: Caller, target: ManagedUserTarget): boolean {
  return !target.isSelf && managedUserEditability(caller, target) === 'EDITABLE';
}

/** Removing a user: the delete right, never oneself, never a user holding a right the caller lacks. */
export function canDeleteUser(caller: Caller, target: ManagedUserTarget): boolean {
  if (target.isSelf || !gates(caller).userDelete) return false;
  return holdsEveryRightOf(caller, target);
}

/** Viewing the product as a user: administrators, as anyone of their organization but themselves holding no right they lack. */
export function canViewAs(caller: Caller, target: ManagedUserTarget): boolean {
  return isAdmin(caller.role) && !target.isSelf && holdsEveryRightOf(caller, target);
}
