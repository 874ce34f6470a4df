/**
 * Engine turns taken fairly across callers. A turn is up to `batch` requests of one caller that
 * run together (on PGlite they become one statement per text: the batch merges them); at most
 * `slots` turns run at once over all callers. Each caller is charged the requests of its turns, and
 * a freed slot goes to the waiting caller charged least (start-time fair queuing: a caller that
 * comes back, or comes new, starts from the charge of the turn last started, so it neither jumps
 * ahead of all nor waits behind the others' past). A heavy caller's turn of 20 then counts as five
 * of another user's turns of 4: another user's requests wait behind one turn of a heavy caller per
 * slot, never behind all of its queue, and get as many requests served while both wait. Requests
 * that arrive in the same tick join one turn (a widget batch's 20), so a caller alone is served as
 * before: one turn per batch.
 *
 * A turn's requests hold their slot until each has ended; the requests they ask themselves (an
 * evolution's two periods) run inside it without a turn of their own (engineTurns.ts), so that no
 * request waits for a slot its own parent holds.
 */
/** Callers whose charge is remembered; beyond, the one served longest ago is forgotten. */
const REMEMBERED = 1000;

export class EngineQueue {
  private running = 0;
  // The charge at which the last turn started: the fair queue's virtual time.
  private now = 0;
  private dispatchPlanned = false;
  // Callers with requests waiting, in the order they came (a tie goes to the first).
  private readonly callers = new Map<string, Array<() => void>>();
  // Requests charged to each caller (served longest ago first); one forgotten starts from `now`.
  private readonly charged = new Map<string, number>();
  // When each caller's last turn started (ms), to tell whether the engine is shared.
  private readonly lastTurnAt = new Map<string, number>();
  private readonly listeners = new Set<(key: string, size: number) => void>();

  /**
   * `batch` requests per turn for a caller alone; `sharedBatch` while another caller waits or had a
   * turn within `sharedMs`: a heavy caller's turns are then short, and the others' statements
   * (their engine requests, and the lookups and sign-in checks outside any turn) wait behind less.
   */
  constructor(
    private readonly slots: number,
    private readonly batch: number,
    private readonly sharedBatch = batch,
    private readonly sharedMs = 1000,
    private readonly clock: () => number = Date.now,
    private readonly rest = 0,
  ) {}

  // Callers resting after a turn while the engine is shared (`rest` × the turn's length), until when.
  private readonly restUntil = new Map<string, number>();
  private wake: NodeJS.Timeout | null = null;

  /** Resolves with the request's release once its turn has come. */
  async acquire(key: string): Promise<() => void> {
    let waiting = this.callers.get(key);
    if (!waiting) {
      waiting = [];
      this.callers.set(key, waiting);
    }
    const own = waiting;
    const release = new Promise<() => void>((resolve) => own.push(() => resolve(this.releaser())));
    this.planDispatch();
    return release;
  }

  /** Turns running, and requests waiting for `key` (the tests read it). */
  load(key: string): { running: number; waiting: number } {
    return { running: this.running, waiting: this.callers.get(key)?.length ?? 0 };
  }

  /** Hears each turn as it starts (its caller and number of requests); returns the way to stop (the tests use it). */
  onTurn(listener: (key: string, size: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // One turn's requests share one count: the slot frees when the last of them releases.
  private turnCount: { left: number; key: string; start: number } | null = null;

  private releaser(): () => void {
    const turn = this.turnCount!;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--turn.left > 0) return;
      this.running -= 1;
      const end = this.clock();
      if (this.rest > 0 && this.shared(turn.key, end)) this.restUntil.set(turn.key, end + (end - turn.start) * this.rest);
      this.planDispatch();
    };
  }

  /** Requests asked in the same tick (all the aliases and batch items of a call) wait for one dispatch. */
  private planDispatch(): void {
    if (this.dispatchPlanned || this.running >= this.slots) return;
    this.dispatchPlanned = true;
    process.nextTick(() => {
      this.dispatchPlanned = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      let nextKey: string | null = null;
      let nextStart = Number.POSITIVE_INFINITY;
      let wakeAt = Number.POSITIVE_INFINITY;
      const at = this.clock();
      for (const k of this.callers.keys()) {
        const resting = this.restUntil.get(k);
        if (resting !== undefined) {
          if (resting > at) {
            wakeAt = Math.min(wakeAt, resting);
            continue;
          }
          this.restUntil.delete(k);
        }
        const start = Math.max(this.charged.get(k) ?? 0, this.now);
        if (start < nextStart) {
          nextKey = k;
          nextStart = start;
        }
      }
      if (nextKey === null) {
        if (wakeAt < Number.POSITIVE_INFINITY && !this.wake) {
          this.wake = setTimeout(() => {
            this.wake = null;
            this.dispatch();
          }, wakeAt - at);
          this.wake.unref();
        }
        return;
      }
      const waiting = this.callers.get(nextKey)!;
      const turn = waiting.splice(0, this.shared(nextKey, at) ? this.sharedBatch : this.batch);
      this.lastTurnAt.set(nextKey, at);
      if (waiting.length === 0) this.callers.delete(nextKey);
      this.now = nextStart;
      this.charged.delete(nextKey);
      this.charged.set(nextKey, nextStart + turn.length);
      if (this.charged.size > REMEMBERED) {
        const oldest = this.charged.keys().next().value!;
        this.charged.delete(oldest);
        this.lastTurnAt.delete(oldest);
      }
      this.running += 1;
      this.turnCount = { left: turn.length, key: nextKey, start: at };
      for (const listener of this.listeners) listener(nextKey, turn.length);
      // Each start takes its release (bound to this turn's count) synchronously.
      for (const start of turn) start();
      this.turnCount = null;
    }
  }

  /** Whether another caller than `key` waits, or had a turn within sharedMs. */
  private shared(key: string, at: number): boolean {
    for (const k of this.callers.keys()) if (k !== key) return true;
    for (const [k, t] of this.lastTurnAt) if (k !== key && at - t < this.sharedMs) return true;
    return false;
  }
}
