import type { MapViewConfig } from '@sitelens/domain';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mapViewConfigs } from './mapviews.tables.ts';

export type MapViewRow = typeof mapViewConfigs.$inferSelect;

export async function findMapView(database: Database, zoneId: number): Promise<MapViewRow | null> {
  const [row] = await database.db.select().from(mapViewConfigs).where(eq(mapViewConfigs.zoneId, zoneId));
  return row ?? null;
}

export async function saveMapView(database: Database, zoneId: number, config: MapViewConfig, at: Date): Promise<void> {
  await database.db
    .insert(mapViewConfigs)
    .values({ zoneId, config, updatedAt: at })
    .onConflictDoUpdate({ target: mapViewConfigs.zoneId, set: { config: sql`excluded.config`, updatedAt: at } });
}
