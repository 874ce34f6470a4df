import pg from 'pg';
import { preparedPoolQuery } from './postgresPrepared.ts';

/** What a replica answers with: SqlClient's shape (database.ts), declared here so neither file imports the other. */
export interface ReplicaClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A write-ahead log position ('16/B374D848') as a number that orders like the log. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/**
 * How long an operation waits for a replica that is behind its position before reading the primary
 * instead: a replay on a local network takes a few milliseconds; a replica held up longer (paused,
 * replaying a bulk load) is not worth the caller's wait, and the primary answers at once.
 */
const CATCH_UP_WAIT_MS = 30;
const CATCH_UP_STEP_MS = 3;

interface Replica {
  url: string;
  pool: pg.Pool;
  /** Its pool's statements, named once seen twice (postgresPrepared.ts). */
  query: ReturnType<typeof preparedPoolQuery>;
  /** The last position it was seen to have replayed, and whether it answered then. */
  replayed: bigint;
  reachable: boolean;
  /** The last time (ms) it had replayed all the primary had written at a sample. */
  caughtUpAt: number;
}

export interface ReplicaStatus {
  url: string;
  reachable: boolean;
  lagMs: number;
  reads: number;
}

/**
 * PostgreSQL streaming replicas that take the engine's analytics reads (issue 31 item 2). A read
 * goes to a replica only once it has replayed the primary's write-ahead log up to the position the
 * call read on the primary (`primaryPosition`, read after the call's data versions): so a caller
 * always sees its own writes (an import, a settings change just before), and the result cache never
 * keeps an older answer under newer versions. A replica further behind than `maxLagMs`, or not
 * answering, is left out until it catches up; with none left, reads go to the primary.
 */
export class ReadReplicas {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private primarySample: { position: bigint; at: number } | null = null;
  private readonly reads = new Map<string, number>();
  /** Reads that went to the primary because no replica had caught up. */
  fallbacks = 0;

  constructor(
    private readonly primary: pg.Pool,
    urls: string[],
    private readonly maxLagMs: number,
    /** Connection options of the replicas' pools, as the primary's (parallel workers), and whether their statements are named. */
    { named = true, ...connection }: { options?: string; named?: boolean } = {},
    private readonly pollMs = 200,
  ) {
    this.replicas = urls.map((url) => {
      const pool = new pg.Pool({ connectionString: url, max: 10, ...connection });
      pool.on('error', (error) => console.error('read replica connection lost:', error.message));
      return { url, pool, query: preparedPoolQuery(pool, named), replayed: 0n, reachable: false, caughtUpAt: 0 };
    });
  }

  /** Starts watching the replicas' positions; resolves after the first look. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
  }

  /** Where the primary's log is now: a read made after this sees everything committed before. */
  async primaryPosition(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    return lsnValue(rows[0]!.lsn);
  }

  /** A replica that has replayed `position` and is within the lag bound, or null (read the primary). */
  async clientAt(position: bigint): Promise<ReplicaClient | null> {
    const now = Date.now();
    const fresh = this.replicas.filter((r) => r.reachable && now - r.caughtUpAt <= this.maxLagMs);
    for (let i = 0; i < fresh.length; i++) {
      const replica = fresh[(this.next + i) % fresh.length]!;
      if (replica.replayed < position) {
        // Its last sample may be a few milliseconds old: ask it now, once.
        const replayed = await this.replayedBy(replica);
        if (replayed === null || replayed < position) continue;
      }
      this.next = (this.next + i + 1) % Math.max(1, fresh.length);
      return this.readFrom(replica);
    }
    // None has replayed it yet. A streaming replica is usually milliseconds behind (the primary's
    // position moves with every job the worker runs): give the one furthest on a moment to catch up.
    const furthest = fresh.filter((r) => r.reachable).sort((a, b) => (a.replayed > b.replayed ? -1 : 1))[0];
    if (furthest && (await this.catchesUp(furthest, position))) return this.readFrom(furthest);
    this.fallbacks += 1;
    return null;
  }

  private readFrom(replica: Replica): ReplicaClient {
    this.reads.set(replica.url, (this.reads.get(replica.url) ?? 0) + 1);
    return { query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await replica.query(text, params)).rows as T[] }) };
  }

  /** Whether the replica replays `position` within CATCH_UP_WAIT_MS, asked every few milliseconds. */
  private async catchesUp(replica: Replica, position: bigint): Promise<boolean> {
    const until = Date.now() + CATCH_UP_WAIT_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, CATCH_UP_STEP_MS));
      const replayed = await this.replayedBy(replica);
      if (replayed === null) return false;
      if (replayed >= position) return true;
    }
    return false;
  }

  status(): ReplicaStatus[] {
    const now = Date.now();
    return this.replicas.map((r) => ({ url: hostOf(r.url), reachable: r.reachable, lagMs: r.reachable ? now - r.caughtUpAt : -1, reads: this.reads.get(r.url) ?? 0 }));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }

  private async replayedBy(replica: Replica): Promise<bigint | null> {
    try {
      const { rows } = await replica.pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const lsn = rows[0]?.lsn;
      // Not a standby (no replay position): refuse it rather than read a database that is not a copy.
      if (!lsn) throw new Error('not in recovery');
      replica.replayed = lsnValue(lsn);
      replica.reachable = true;
      return replica.replayed;
    } catch {
      replica.reachable = false;
      return null;
    }
  }

  private async poll(): Promise<void> {
    const previous = this.primarySample;
    try {
      this.primarySample = { position: await this.primaryPosition(), at: Date.now() };
    } catch {
      return;
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        const replayed = await this.replayedBy(replica);
        if (replayed === null) return;
        // Caught up with the newest sample it has replayed: its lag is the time since that sample.
        if (replayed >= this.primarySample!.position) replica.caughtUpAt = this.primarySample!.at;
        else if (previous && replayed >= previous.position) replica.caughtUpAt = Math.max(replica.caughtUpAt, previous.at);
      }),
    );
  }
}

/** The replica's host and database, never its credentials (it is printed in /metrics and logs). */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'replica';
  }
}
