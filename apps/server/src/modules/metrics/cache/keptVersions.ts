import type { Database } from '../../../db/database.ts';
import { dataVersions } from './dataVersions.ts';

type Versions = Awaited<ReturnType<typeof dataVersions>>;

/** Sets of organizations whose versions are kept at once (one per caller's organizations); all dropped beyond. */
const MAX_KEPT = 1_000;
const CHANNEL = 'data_versions';

/**
 * The data versions between writes, on a database this process alone writes (the embedded one):
 * each commit that moves a version notifies the channel "data_versions" (migration 0054), and PGlite
 * delivers its own notifications as the commit's answer is read, before the writer goes on, so the
 * versions kept here are dropped before anyone can have seen the write end. A read that was under
 * way when a version moved is not kept. Elsewhere (PostgreSQL, shared by processes) every request
 * reads the versions.
 */
class KeptVersions {
  private readonly kept = new Map<string, Versions>();
  /** Moves with every notification: a read begun before it is not kept. */
  private moves = 0;
  private listening = false;

  constructor(private readonly database: Database) {}

  async listen(): Promise<void> {
    try {
      await this.database.listen(CHANNEL, () => this.moved(), (listening) => this.gap(listening));
      this.listening = true;
    } catch (error) {
      console.warn('data versions read per request, the database cannot notify:', error instanceof Error ? error.message : error);
    }
  }

  read(organizationIds: readonly number[]): Promise<Versions> {
    if (!this.listening) return dataVersions(this.database, organizationIds);
    const key = organizationIds.join(',');
    const kept = this.kept.get(key);
    if (kept) return Promise.resolve(kept);
    const moves = this.moves;
    return dataVersions(this.database, organizationIds).then((versions) => {
      if (versions && moves === this.moves) {
        if (this.kept.size >= MAX_KEPT) this.kept.clear();
        this.kept.set(key, versions);
      }
      return versions;
    });
  }

  private moved(): void {
    this.moves += 1;
    this.kept.clear();
  }

  private gap(listening: boolean): void {
    this.moved();
    this.listening = listening;
  }
}

const byDatabase = new WeakMap<Database, KeptVersions>();

/**
 * The versions of the caller's organizations with row 0's, as dataVersions reads them: from the
 * process when the database tells it of every move (soleWriter), else from the database.
 */
export function currentVersions(database: Database, organizationIds: readonly number[]): Promise<Versions> {
  if (!database.soleWriter) return dataVersions(database, organizationIds);
  let versions = byDatabase.get(database);
  if (!versions) {
    versions = new KeptVersions(database);
    byDatabase.set(database, versions);
    void versions.listen();
  }
  return versions.read(organizationIds);
}
