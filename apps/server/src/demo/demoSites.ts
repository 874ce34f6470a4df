import type { DemoSiteLayout } from './demoLayout.ts';
import { atelierNord } from './sites/atelierNord.ts';
import { galeriesRhone } from './sites/galeriesRhone.ts';
import { harbourPoint } from './sites/harbourPoint.ts';

export const DEMO_ORGANIZATION = {
  name: 'Maison Lumière Group',
  address: '12 quai Saint-Antoine, 69002 Lyon, France',
} as const;

export const DEMO_PASSWORD = 'Sitelens#2026';

export const DEMO_USERS = [
  { email: 'admin@sitelens.example', firstName: 'Camille', lastName: 'Laurent', role: 'admin', profile: 'Administrator' },
  { email: 'viewer@sitelens.example', firstName: 'Jonas', lastName: 'Weber', role: 'user', profile: 'Viewer' },
] as const;

/** Listed in creation order; the simulator finds them again by name. */
export const DEMO_SITES: readonly DemoSiteLayout[] = [galeriesRhone, atelierNord, harbourPoint];

/** Ids of the rows created for one site, by layout key. */
export interface ResolvedSite {
  layout: DemoSiteLayout;
  organizationId: number;
  installationId: number;
  zoneIds: ReadonlyMap<string, number>;
  passageIds: ReadonlyMap<string, number>;
  deviceIds: ReadonlyMap<string, number>;
}
