import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';

/** One step of the breadcrumb: a catalogue text or a component that loads a name (site, user). */
export interface Crumb {
  text?: (t: TFunction) => string;
  Label?: ComponentType;
  /** Link target when it differs from the route's own path. */
  to?: string;
}

export type SidebarKind = 'analytics' | 'settings' | 'profile';

export interface RouteHandle {
  crumb?: Crumb;
  sidebar?: SidebarKind;
}

export function handleOf(match: { handle: unknown }): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}
