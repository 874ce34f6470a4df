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

/** How many rights and gates a holder has in the caller's organization (each switch of the tree, each gate). */
export function rightsCount(caller: Caller, holder: RightsHolder): number {
  const other = asCaller(caller, holder);
  const theirs = effectiveRights(other);
  let count = 0;
  for (const { area, subject, actions } of RIGHTS_TREE_SHAPE) for (const action of actions) if (readRight(theirs, { area, subject, action })) count += 1;
  return count + Object.values(gates(other)).filter(Boolean).length;
}

/**
 * The profile a new member starts with unless chosen otherwise: the one giving the fewest rights
 * among those offered (null: no profile, which holds the spec's open defaults), so an invitation sent
 * as it opens never gives more than needed. Ties keep the first offered.
 */
export function leastPrivilegedProfile<P extends { rights: RightsTree | null }>(caller: Caller, offered: readonly P[]): P | undefined {
  let best: P | undefined;
  let fewest = Infinity;
  for (const p of offered) {
    const n = rightsCount(caller, { isAdmin: false, rights: p.rights });
    if (n < fewest) [best, fewest] = [p, n];
  }
  return best;
}
