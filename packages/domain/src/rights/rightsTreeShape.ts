import type { CrudRight, RightsTree } from './rights.ts';

type Action = keyof CrudRight;

/** One switch of the rights tree (spec 000 §3): `organization.user.edit`. */
export interface RightSwitch {
  area: 'organization' | 'dashboard' | 'app' | 'data';
  subject: string;
  action: Action;
}

/** Every right a profile can hold, in the order the profile editor shows them. */
export const RIGHTS_TREE_SHAPE: ReadonlyArray<{ area: RightSwitch['area']; subject: string; actions: readonly Action[] }> = [
  { area: 'organization', subject: 'user', actions: ['read', 'edit', 'delete'] },
  { area: 'organization', subject: 'general', actions: ['read', 'edit'] },
  { area: 'dashboard', subject: 'custom', actions: ['read', 'edit'] },
  { area: 'dashboard', subject: 'sensor', actions: ['read'] },
  { area: 'dashboard', subject: 'alert', actions: ['read', 'create', 'edit', 'delete'] },
  { area: 'dashboard', subject: 'report', actions: ['read', 'create', 'edit', 'delete'] },
  { area: 'app', subject: 'salesFunnel', actions: ['read'] },
  { area: 'app', subject: 'stopNGO', actions: ['read', 'create', 'edit', 'delete'] },
  { area: 'data', subject: 'salesMetrics', actions: ['edit'] },
];

export const PROFILE_NAME_MAX = 60;

export function readRight(tree: RightsTree | null | undefined, s: RightSwitch): boolean {
  const area = (tree as Record<string, Record<string, CrudRight | undefined> | undefined> | null | undefined)?.[s.area];
  return area?.[s.subject]?.[s.action] === true;
}

/**
 * A complete tree with every switch of the shape, true or false: a profile saved from the editor
 * states each right, so that no right is left to the "true when undefined" rules by omission.
 */
export function normalizeRightsTree(input: unknown): RightsTree | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const known = new Set(RIGHTS_TREE_SHAPE.map((s) => `${s.area}.${s.subject}`));
  const raw = input as Record<string, unknown>;
  const areas = new Set(RIGHTS_TREE_SHAPE.map((s) => s.area as string));
  for (const [area, subjects] of Object.entries(raw)) {
    if (!areas.has(area) || typeof subjects !== 'object' || subjects === null || Array.isArray(subjects)) return null;
    for (const [subject, crud] of Object.entries(subjects as Record<string, unknown>)) {
      if (!known.has(`${area}.${subject}`) || typeof crud !== 'object' || crud === null || Array.isArray(crud)) return null;
      const shape = RIGHTS_TREE_SHAPE.find((s) => s.area === area && s.subject === subject)!;
      for (const [action, value] of Object.entries(crud as Record<string, unknown>)) {
        if (!(shape.actions as readonly string[]).includes(action) || typeof value !== 'boolean') return null;
      }
    }
  }
  const tree: Record<string, Record<string, CrudRight>> = {};
  for (const { area, subject, actions } of RIGHTS_TREE_SHAPE) {
    const crud: CrudRight = {};
    for (const action of actions) crud[action] = readRight(raw as RightsTree, { area, subject, action });
    // Creating, editing or deleting what one cannot see is no right at all: each implies reading.
    if (actions.includes('read') && actions.some((a) => a !== 'read' && crud[a])) crud.read = true;
    (tree[area] ??= {})[subject] = crud;
  }
  return tree as RightsTree;
}

/**
 * The tree with one switch turned on or off, as the profile editor changes it: turning on create,
 * edit or delete turns read on too; turning read off turns the subject's other actions off.
 */
export function switchRight(tree: RightsTree, s: RightSwitch, on: boolean): RightsTree {
  const next = structuredClone(tree ?? {}) as Record<string, Record<string, CrudRight>>;
  const crud = ((next[s.area] ??= {})[s.subject] ??= {});
  const actions = RIGHTS_TREE_SHAPE.find((shape) => shape.area === s.area && shape.subject === s.subject)?.actions ?? [s.action];
  crud[s.action] = on;
  if (on && s.action !== 'read' && actions.includes('read')) crud.read = true;
  if (!on && s.action === 'read') for (const action of actions) crud[action] = false;
  return next as RightsTree;
}

/** A profile's name: required, at most PROFILE_NAME_MAX characters. */
export function profileNameError(name: string): 'errors.requiredField' | 'errors.tooLong' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'errors.requiredField';
  return [...trimmed].length > PROFILE_NAME_MAX ? 'errors.tooLong' : null;
}
