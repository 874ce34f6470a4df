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
 *
 * Background work (jobs: alert rounds, reports, exports; issue 33 item 6) waits in a queue of its
 * own: it gets a slot only while no interactive call waits or is under way (`asking()`: from a
 * person's request being asked, its lookups before its turn too, to its answer), at most `backgroundSlots` at once, in
 * turns of `backgroundBatch` requests (a slice), so a person's call waits behind at most one slice
 * per slot (while no person has had a turn within `sharedMs`, a background turn takes a whole
 * `batch`, as a caller alone would). Background turns do not count as another caller (a person alone with a running export
 * keeps its whole batch and takes no rest). Background work that has waited `backgroundMaxWaitMs` while
 * people's turns went ahead takes the next slot before them, so an export under constant load still
 * moves, a slice at a time (counted in turns passed too, so the order never depends on timing alone).
 */
export interface BackgroundTurns {
  backgroundSlots: number;
  backgroundBatch: number;
  backgroundMaxWaitMs: number;
}
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
  // The last interactive turn and the last one of another caller than its (ms): whether the engine is shared, in O(1).
  private last: { key: string; at: number } | null = null;
  private lastOther: { key: string; at: number } | null = null;
  private readonly listeners = new Set<(key: string, size: number, background: boolean) => void>();
  // Background callers with requests waiting, served in rotation; since when the oldest has waited.
  private readonly background = new Map<string, Array<() => void>>();
  private backgroundWaiting = 0;
  private backgroundSince = 0;
  // People's turns started since then: background work is passed over only while people go first.
  private backgroundPassed = 0;
  private runningBackground = 0;
  // People's requests under way (from when they are asked to their answer), turn or not: background waits for them too.
  private peopleAsking = 0;
  private backgroundWake: NodeJS.Timeout | null = null;
  private readonly turns: BackgroundTurns;

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
    turns: Partial<BackgroundTurns> = {},
  ) {
    this.turns = { backgroundSlots: slots, backgroundBatch: 1, backgroundMaxWaitMs: 1000, ...turns };
  }

  // Callers resting after a turn while the engine is shared (`rest` × the turn's length), until when.
  private readonly restUntil = new Map<string, number>();
  private wake: NodeJS.Timeout | null = null;

  /** Resolves with the request's release once its turn has come; `background` work waits behind people's. */
  async acquire(key: string, background = false): Promise<() => void> {
    const queues = background ? this.background : this.callers;
    let waiting = queues.get(key);
    if (!waiting) {
      waiting = [];
      queues.set(key, waiting);
    }
    if (background && this.backgroundWaiting++ === 0) {
      this.backgroundSince = this.clock();
      this.backgroundPassed = 0;
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

  /**
   * Marks a person's request under way from when it is asked (its lookups before its turn too) until
   * its answer: no background slice starts in between. Returns the end (once).
   */
  asking(): () => void {
    this.peopleAsking += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.peopleAsking === 0 && this.backgroundWaiting > 0) this.planDispatch();
    };
  }

  /** Background requests waiting (the tests read it). */
  waitingBackground(): number {
    return this.backgroundWaiting;
  }

  /** Hears each turn as it starts (its caller, number of requests, and whether it is background work); returns the way to stop (the tests use it). */
  onTurn(listener: (key: string, size: number, background: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // One turn's requests share one count: the slot frees when the last of them releases.
  private turnCount: { left: number; key: string; start: number; background: boolean } | null = null;

  private releaser(): () => void {
    const turn = this.turnCount!;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--turn.left > 0) return;
      this.running -= 1;
      if (turn.background) {
        this.runningBackground -= 1;
        this.planDispatch();
        return;
      }
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
      const at = this.clock();
      // Background work that waited past its bound while people's turns went first goes before the next (one slice).
      const starved = (this.backgroundPassed > 0 || this.peopleAsking > 0) && at - this.backgroundSince >= this.turns.backgroundMaxWaitMs;
      if (starved && this.startBackground(at)) continue;
      if (this.startInteractive(at)) continue;
      if (this.callers.size > 0) return;
      if (this.peopleAsking === 0) {
        if (!this.startBackground(at)) return;
      } else {
        // Held back only by people's requests under way: looked at again when its bound passes, should none end.
        if (this.backgroundWaiting > 0 && !this.backgroundWake) {
          this.backgroundWake = setTimeout(() => {
            this.backgroundWake = null;
            this.dispatch();
          }, this.backgroundSince + this.turns.backgroundMaxWaitMs - at);
          this.backgroundWake.unref();
        }
        return;
      }
    }
  }

  /** Starts the turn of the waiting caller charged least; false when none may start now (all resting, or none waiting). */
  private startInteractive(at: number): boolean {
    if (this.callers.size === 0) return false;
    let nextKey: string | null = null;
    let nextStart = Number.POSITIVE_INFINITY;
    let wakeAt = Number.POSITIVE_INFINITY;
    for (const k of this.callers.keys()) {
      const resting = this.restUntil.size > 0 ? this.restUntil.get(k) : undefined;
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
      return false;
    }
    const waiting = this.callers.get(nextKey)!;
    const turn = waiting.splice(0, this.shared(nextKey, at) ? this.sharedBatch : this.batch);
    if (waiting.length === 0) this.callers.delete(nextKey);
    if (this.last?.key !== nextKey) this.lastOther = this.last;
    this.last = { key: nextKey, at };
    this.now = nextStart;
    this.charged.delete(nextKey);
    this.charged.set(nextKey, nextStart + turn.length);
    if (this.charged.size > REMEMBERED) this.charged.delete(this.charged.keys().next().value!);
    if (this.backgroundWaiting > 0) this.backgroundPassed += 1;
    this.startTurn(nextKey, turn, at, false);
    return true;
  }

  /** Starts a slice of the background caller first in rotation, when a background slot is free. */
  private startBackground(at: number): boolean {
    if (this.backgroundWaiting === 0 || this.runningBackground >= this.turns.backgroundSlots) return false;
    const [key, waiting] = this.background.entries().next().value!;
    // Slices while people are about (a request under way, or a turn within sharedMs); while they are
    // away, a whole batch (on PGlite one statement per text: an alert round's requests merged).
    const peopleAbout = this.peopleAsking > 0 || (this.last !== null && at - this.last.at < this.sharedMs);
    const turn = waiting.splice(0, peopleAbout ? this.turns.backgroundBatch : this.batch);
    // The caller goes to the back of the rotation (or leaves it when done).
    this.background.delete(key);
    if (waiting.length > 0) this.background.set(key, waiting);
    this.backgroundWaiting -= turn.length;
    this.backgroundSince = at;
    this.backgroundPassed = 0;
    this.runningBackground += 1;
    this.startTurn(key, turn, at, true);
    return true;
  }

  private startTurn(key: string, turn: Array<() => void>, at: number, background: boolean): void {
    this.running += 1;
    this.turnCount = { left: turn.length, key, start: at, background };
    for (const listener of this.listeners) listener(key, turn.length, background);
    // Each start takes its release (bound to this turn's count) synchronously.
    for (const start of turn) start();
    this.turnCount = null;
  }

  /** Whether another interactive caller than `key` waits, or had a turn within sharedMs (background work does not count). */
  private shared(key: string, at: number): boolean {
    if (this.callers.size > (this.callers.has(key) ? 1 : 0)) return true;
    // The latest turn of a caller other than `key`: the last one, or else the last one before it of another caller.
    const other = this.last?.key !== key ? this.last : this.lastOther;
    return other !== null && at - other.at < this.sharedMs;
  }
}
