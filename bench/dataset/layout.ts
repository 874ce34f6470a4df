import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/database.ts';
import { installations, zones } from '../../apps/server/src/composition/tables.ts';
import { createOrganization, createUser } from '../../apps/server/src/test/factories.ts';

/** The fixed "now" of every run, so runs and engines see the same calendar. */
export const NOW = Date.parse('2026-11-21T12:00:00Z');
export const QUARTER_MS = 900_000;
export const DAY_MS = 86_400_000;
export const DAYS = 365;
/** Bulk readings start on quarter hours in [FROM, TO). */
export const TO = Math.floor(NOW / QUARTER_MS) * QUARTER_MS;
export const FROM = TO - DAYS * DAY_MS;
export const METRICS = ['visitorsIn', 'visitorsOut', 'co2'] as const;
export const TIMEZONES = ['Europe/Paris', 'America/New_York', 'Asia/Kolkata'] as const;
export const ZONES_PER_SITE = 10;
export const FULL_SITES = 50;
/** Sites that receive the HTTP ingest window, apart from the bulk-loaded ones. */
export const INGEST_SITES = 5;
export const BENCH_EMAIL = 'bench@sitelens.example';

export interface BenchSite {
  installationId: number;
  tz: string;
  /** The top zone first, then its 9 children. */
  zoneIds: number[];
}

export interface BenchLayout {
  organizationId: number;
  sites: BenchSite[];
  ingestSites: BenchSite[];
}

/** At least one site per time zone, so every request has its site at any scale. */
export const siteCount = (scale: number) => Math.max(TIMEZONES.length, Math.round(FULL_SITES * scale));

/** One organization, its admin, the bulk sites and the ingest sites, each a top zone and 9 children. */
export async function createLayout(database: Database, scale: number): Promise<BenchLayout> {
  const org = await createOrganization(database, 'Bench Retail');
  await createUser(database, { email: BENCH_EMAIL, organizationIds: [org.id], role: 'admin' });
  const make = async (name: string, tz: string): Promise<BenchSite> => {
    const [site] = await database.db
      .insert(installations)
      .values({ organizationId: org.id, name, timezone: tz, changeOfDayTime: '00:00', creationDate: '2025-01-01', openingHours: [] })
      .returning();
    const [top] = await database.db.insert(zones).values({ installationId: site!.id, name: 'Whole store' }).returning();
    const children = await database.db
      .insert(zones)
      .values(Array.from({ length: ZONES_PER_SITE - 1 }, (_, i) => ({ installationId: site!.id, name: `Area ${i + 1}`, parentId: top!.id })))
      .returning();
    return { installationId: site!.id, tz, zoneIds: [top!.id, ...children.map((z) => z.id)] };
  };
  const sites: BenchSite[] = [];
  for (let i = 0; i < siteCount(scale); i++) sites.push(await make(`Store ${String(i + 1).padStart(2, '0')}`, TIMEZONES[i % TIMEZONES.length]!));
  const ingestSites: BenchSite[] = [];
  for (let i = 0; i < INGEST_SITES; i++) ingestSites.push(await make(`Gateway ${i + 1}`, TIMEZONES[i % TIMEZONES.length]!));
  return { organizationId: org.id, sites, ingestSites };
}

/** The layout of a reused database, read back in creation order. */
export async function readLayout(database: Database, organizationId: number): Promise<BenchLayout> {
  const rows = await database.db
    .select({ installationId: installations.id, name: installations.name, tz: installations.timezone, zoneId: zones.id })
    .from(installations)
    .innerJoin(zones, eq(zones.installationId, installations.id))
    .where(eq(installations.organizationId, organizationId))
    .orderBy(asc(installations.id), asc(zones.id));
  const byId = new Map<number, BenchSite & { name: string }>();
  for (const r of rows) {
    const site = byId.get(r.installationId) ?? { installationId: r.installationId, tz: r.tz, name: r.name, zoneIds: [] };
    site.zoneIds.push(r.zoneId);
    byId.set(r.installationId, site);
  }
  const all = [...byId.values()];
  const strip = ({ name: _name, ...site }: BenchSite & { name: string }) => site;
  return {
    organizationId,
    sites: all.filter((s) => s.name.startsWith('Store')).map(strip),
    ingestSites: all.filter((s) => s.name.startsWith('Gateway')).map(strip),
  };
}
