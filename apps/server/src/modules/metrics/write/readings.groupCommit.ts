import type { Database } from '../../../db/database.ts';

/**
 * Group commit for PGlite, which runs one transaction at a time: batches of readings that arrive
 * while another is being written wait, and the next transaction takes all of them together, so
 * the per-transaction work (savepoint, sites' clocks, rollup statements, commit) is paid once per
 * group. An idle database writes a batch at once: no batch waits for others to arrive.
 *
 * A group is written only if every reading in it is new (`writeGroup` returns false otherwise,
 * with nothing written), which is exactly what writing its batches one after the other would give.
 * When it returns false or fails, each batch is written alone, in arrival order, and gets its own
 * answer. Every caller resolves only once its readings are committed.
 *
 * A batch still running its checks (the ingest's key and target lookups, which queue behind the
 * transaction being written) can be announced: the next group then waits for the announced
 * batches, at most MAX_WAIT_MS, so that they join it instead of each starting a transaction alone.
 */
export interface GroupWriter<T> {
  /** Writes one batch in its own transaction. */
  writeOne(batch: T[]): Promise<void>;
  /** Writes the batches' readings in one transaction if none of them exists yet; false (nothing written) otherwise. */
  writeGroup(readings: T[]): Promise<boolean>;
}

/** Most readings one grouped transaction takes (five batches of the ingest's largest size). */
const MAX_GROUP_READINGS = 50_000;
/** Longest a group waits for announced batches before it is written without them. */
const MAX_WAIT_MS = 50;
/** An announcement not settled by then counts no longer. */
const ANNOUNCEMENT_EXPIRES_MS = 30_000;

/** A batch on its way; settle() once it was handed over or will not come (safe to call twice). */
export interface Announcement {
  settle(): void;
}

interface Pending<T> {
  batch: T[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

class GroupCommit<T> {
  private readonly queue: Array<Pending<T>> = [];
  private draining = false;
  /** Announced batches not yet handed over. */
  private announced = 0;
  private wake: (() => void) | null = null;

  constructor(private readonly writer: GroupWriter<T>) {}

  announce(): Announcement {
    this.announced++;
    let open = true;
    const settle = () => {
      if (!open) return;
      open = false;
      clearTimeout(expiry);
      this.announced--;
      this.wake?.();
    };
    // A batch that never settles (a caller's bug) must not make every later group wait.
    const expiry = setTimeout(settle, ANNOUNCEMENT_EXPIRES_MS).unref();
    return { settle };
  }

  write(batch: T[], announcement?: Announcement): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      announcement?.settle();
      this.wake?.();
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        await this.gather();
        await this.writeNext(this.takeGroup());
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * Lets pending I/O run first (PGlite's statements resolve as microtasks, so a run of transactions
   * would otherwise keep new requests unread), then waits for the announced batches while the group
   * has room, at most MAX_WAIT_MS.
   */
  private async gather(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const deadline = performance.now() + MAX_WAIT_MS;
    const queued = () => this.queue.reduce((n, p) => n + p.batch.length, 0);
    while (this.announced > 0 && queued() < MAX_GROUP_READINGS && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - performance.now());
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** The waiting batches, oldest first, up to MAX_GROUP_READINGS (always at least one). */
  private takeGroup(): Array<Pending<T>> {
    let size = this.queue[0]!.batch.length;
    let count = 1;
    while (count < this.queue.length && size + this.queue[count]!.batch.length <= MAX_GROUP_READINGS) size += this.queue[count++]!.batch.length;
    return this.queue.splice(0, count);
  }

  private async writeNext(group: Array<Pending<T>>): Promise<void> {
    if (group.length > 1) {
      const grouped = await this.writer.writeGroup(group.flatMap((p) => p.batch)).catch(() => false);
      if (grouped) {
        for (const p of group) p.resolve();
        return;
      }
    }
    for (const p of group) await this.writer.writeOne(p.batch).then(p.resolve, p.reject);
  }
}

const groups = new WeakMap<Database, GroupCommit<unknown>>();

function groupOf<T>(database: Database, writer: () => GroupWriter<T>): GroupCommit<T> {
  let group = groups.get(database) as GroupCommit<T> | undefined;
  if (!group) {
    group = new GroupCommit(writer());
    groups.set(database, group as GroupCommit<unknown>);
  }
  return group;
}

/** Writes `batch` through the database's group commit (created on first use with `writer`); settles its announcement. */
export function writeInGroup<T>(database: Database, writer: () => GroupWriter<T>, batch: T[], announcement?: Announcement): Promise<void> {
  return groupOf(database, writer).write(batch, announcement);
}

/** Announces a batch to the database's group commit. */
export function announceInGroup<T>(database: Database, writer: () => GroupWriter<T>): Announcement {
  return groupOf(database, writer).announce();
}
