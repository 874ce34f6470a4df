/**
 * Engine turns taken in turn across callers. A turn is up to `batch` requests of one caller that
 * run together (on PGlite they become one statement per text: the batch merges them); at most
 * `slots` turns run at once over all callers. When a slot frees, the next turn goes to the waiting
 * caller served longest ago (one never served first), whatever the number of requests each has
 * waiting: another caller's requests wait behind one turn of a heavy caller per slot, never behind
 * all of its queue. Requests that arrive in the same tick join one turn (a widget batch's 20), so a
 * caller alone is served as before: one turn per batch.
 *
 * A turn's requests hold their slot until each has ended; the requests they ask themselves (an
 * evolution's two periods) run inside it without a turn of their own (engineTurns.ts), so that no
 * request waits for a slot its own parent holds.
 */
/** Callers whose last turn is remembered; beyond, the one served longest ago is forgotten. */
const REMEMBERED = 1000;

export class EngineQueue {
  private running = 0;
  private served = 0;
  private dispatchPlanned = false;
  // Callers with requests waiting, in the order they came (a tie goes to the first).
  private readonly callers = new Map<string, Array<() => void>>();
  // When each caller's last turn started (oldest first); a caller it no longer holds counts as never served.
  private readonly lastServed = new Map<string, number>();
  private readonly listeners = new Set<(key: string, size: number) => void>();

  constructor(
    private readonly slots: number,
    private readonly batch: number,
  ) {}

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
  private turnCount: { left: number } | null = null;

  private releaser(): () => void {
    const turn = this.turnCount!;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--turn.left > 0) return;
      this.running -= 1;
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
      let nextServed = Number.POSITIVE_INFINITY;
      for (const k of this.callers.keys()) {
        const served = this.lastServed.get(k) ?? 0;
        if (served < nextServed) {
          nextKey = k;
          nextServed = served;
        }
      }
      if (nextKey === null) return;
      const waiting = this.callers.get(nextKey)!;
      const turn = waiting.splice(0, this.batch);
      if (waiting.length === 0) this.callers.delete(nextKey);
      this.lastServed.delete(nextKey);
      this.lastServed.set(nextKey, ++this.served);
      if (this.lastServed.size > REMEMBERED) this.lastServed.delete(this.lastServed.keys().next().value!);
      this.running += 1;
      this.turnCount = { left: turn.length };
      for (const listener of this.listeners) listener(nextKey, turn.length);
      // Each start takes its release (bound to this turn's count) synchronously.
      for (const start of turn) start();
      this.turnCount = null;
    }
  }
}
