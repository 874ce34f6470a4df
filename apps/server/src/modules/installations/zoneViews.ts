import type { Database } from '../../db/database.ts';
import { type ZoneRow, zoneRelations } from './lookups.repo.ts';

/** A zone as the Zone type exposes it: relations resolved, sensor derived from its air sensors. */
export interface ZoneView {
  id: number;
  name: string;
  installationId: number;
  parentIds: number[];
  childIds: number[];
  sensorId: number | null;
  tagIds: number[];
  isDisabled: boolean;
  isDeleted: boolean;
  /** Floor area in m², null when not known (densities need it). */
  areaM2: number | null;
}

export async function zoneViews(database: Database, rows: ZoneRow[]): Promise<ZoneView[]> {
  const { children, sensors, tags } = await zoneRelations(
    database,
    rows.map((z) => z.id),
  );
  return rows.map((z) => ({
    id: z.id,
    name: z.name,
    installationId: z.installationId,
    parentIds: z.parentId ? [z.parentId] : [],
    childIds: children.filter((c) => c.parentId === z.id).map((c) => c.id),
    sensorId: sensors.find((s) => s.zoneId === z.id)?.id ?? null,
    tagIds: tags.filter((t) => t.zoneId === z.id).map((t) => t.tagId),
    isDisabled: z.isDisabled,
    isDeleted: z.deletedAt !== null,
    areaM2: z.areaM2,
  }));
}
