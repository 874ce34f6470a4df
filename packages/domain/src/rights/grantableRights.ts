import { type Caller, type Gates, type RightsTree, effectiveRights, gates } from './rights.ts';
import { RIGHTS_TREE_SHAPE, readRight } from './rightsTreeShape.ts';

/** Who holds rights, as a user of user management shows them: their role and rights profile. */
export interface RightsHolder {
  isAdmin: boolean;
  /** The holder's profile rights; null without a profile (the rules for users without one apply). */
  rights: RightsTree | null;
}

/** The holder as the caller's organization would see them (same features, same sites). */
function asCaller(caller: Caller, holder: RightsHolder): Caller {
  return { ...caller, role: holder.isAdmin ? 'admin' : 'user', hasProfile: holder.rights !== null, rights: holder.rights };
}

/**
 * The caller holds every right the other holds: each switch of the tree and each gate derived from
 * it (a user without a profile holds alerts and user management by the spec's defaults; an
 * administrator holds everything). Nobody grants, edits or views as more than they hold (issue 28.4).
 */
export function holdsEveryRightOf(caller: Caller, holder: RightsHolder): boolean {
  const other = asCaller(caller, holder);
  const mine = effectiveRights(caller);
  const theirs = effectiveRights(other);
  for (const { area, subject, actions } of RIGHTS_TREE_SHAPE) {
    for (const action of actions) {
      const s = { area, subject, action };
      if (readRight(theirs, s) && !readRight(mine, s)) return false;
    }
  }
  const myGates = gates(caller);
  const theirGates = gates(other);
  return (Object.keys(theirGates) as Array<keyof Gates>).every((gate) => !theirGates[gate] || myGates[gate]);
}

/** A rights profile the caller may give (invite with, assign, create or save): none of its rights beyond the caller's. */
export function canGrantProfile(caller: Caller, profileRights: RightsTree | null): boolean {
  return holdsEveryRightOf(caller, { isAdmin: false, rights: profileRights });
}
