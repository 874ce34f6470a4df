import { RIGHTS_TREE_SHAPE, type RightsTree } from '@sitelens/domain';
import { messageTexts } from '../../messages/render/messageTexts.ts';

/** Every right a profile can hold, as paths into the rights tree (the profile editor's switches). */
export const RIGHT_PATHS: readonly string[] = RIGHTS_TREE_SHAPE.flatMap((s) => s.actions.map((action) => `${s.area}.${s.subject}.${action}`));

// The limited user reads dashboards and the organization page (read-only): no alerts, reports or
// imports (the home page and the header show what that leaves).
const VIEWER_RIGHTS = new Set<string>(['dashboard.custom.read', 'dashboard.sensor.read', 'organization.general.read']);

/** The full tree with every right set, granted where `grant` says so. */
export function rightsTree(grant: (path: string) => boolean): RightsTree {
  const tree: Record<string, Record<string, Record<string, boolean>>> = {};
  for (const path of RIGHT_PATHS) {
    const [area, subject, action] = path.split('.') as [string, string, string];
    ((tree[area] ??= {})[subject] ??= {})[action] = grant(path);
  }
  return tree;
}

/** The two profiles every new organization starts with: Administrator (every right) and the default Viewer. */
export const DEFAULT_PROFILES = {
  administrator: { name: 'Administrator', rights: rightsTree(() => true), isDefault: false },
  viewer: { name: 'Viewer', rights: rightsTree((path) => VIEWER_RIGHTS.has(path)), isDefault: true },
} as const;

export interface NewProfile {
  name: string;
  rights: RightsTree;
  isDefault: boolean;
}

/**
 * The default profiles of an organization created now, named in `lang` (its creating administrator's
 * language): their names are the organization's own from then on, renamed by its administrators at will.
 */
export function namedDefaultProfiles(lang: string): { administrator: NewProfile; viewer: NewProfile } {
  const t = messageTexts(lang);
  return {
    administrator: { ...DEFAULT_PROFILES.administrator, name: t('organizations.profiles.administrator') },
    viewer: { ...DEFAULT_PROFILES.viewer, name: t('organizations.profiles.viewer') },
  };
}
