import type { Database } from '../../db/database.ts';
import type { DashboardModel } from './dashboardModel.ts';
import { dashboards } from './dashboards.tables.ts';
import { insertVersion, storedModel, writeModel } from './dashboardVersions.repo.ts';
import { versionSummary } from './versionSummary.ts';

export interface NewDashboard {
  organizationId: number;
  ownerUserId: number;
  name: string;
  model: DashboardModel;
  now: Date;
}

/** Creates a user's dashboard with the model's pages and widgets and its first version, all or nothing. */
export async function insertDashboardWithModel(database: Database, d: NewDashboard): Promise<number> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dashboards)
      .values({ organizationId: d.organizationId, ownerUserId: d.ownerUserId, kind: 'user', name: d.name, createdAt: d.now, updatedAt: d.now })
      .returning({ id: dashboards.id });
    const id = row!.id;
    await writeModel(tx, id, { ...d.model, name: d.name }, d.now);
    const model = await storedModel(tx, id);
    await insertVersion(tx, { dashboardId: id, number: 1, authorUserId: d.ownerUserId, createdAt: d.now, summary: versionSummary(null, model), model, restoredFrom: null });
    return id;
  });
}
