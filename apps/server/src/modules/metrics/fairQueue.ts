/**
 * Engine statements taken in turn across callers: at most `slots` run at once, and a freed slot
 * goes to the waiting caller served longest ago (one that has not run yet first), whatever the
 * number of statements each has waiting. A caller's statement then waits behind at most one of
 * each other caller's per slot, never behind all of a heavy caller's queue as first-come would.
 */
export class FairQueue {
  private running = 0;
  private started = 0;
  // Callers with statements running or waiting, in the order they came (ties go to the first).
  private readonly callers = new Map<string, { running: number; waiting: Array<() => void>; lastStart: number }>();
  private readonly listeners = new Set<(key: string) => void>();

  constructor(private readonly slots: number) {}

  /** Runs `task` in `key`'s turn; its slot is released when it settles. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let caller = this.callers.get(key);
    if (!caller) {
      caller = { running: 0, waiting: [], lastStart: 0 };
      this.callers.set(key, caller);
    }
    if (this.running < this.slots && !this.anyWaiting()) {
      this.running += 1;
      this.start(key, caller);
    } else {
      const own = caller;
      await new Promise<void>((resolve) => own.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.release(key, caller);
    }
  }

  /** Statements running in all, and waiting for `key` (the tests read it). */
  load(key: string): { running: number; waiting: number } {
    return { running: this.running, waiting: this.callers.get(key)?.waiting.length ?? 0 };
  }

  /** Hears the caller of every statement as it starts; returns the way to stop (the tests use it). */
  onStart(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private anyWaiting(): boolean {
    for (const caller of this.callers.values()) if (caller.waiting.length > 0) return true;
    return false;
  }

  private start(key: string, caller: { running: number; lastStart: number }): void {
    caller.running += 1;
    caller.lastStart = ++this.started;
    for (const listener of this.listeners) listener(key);
  }

  private release(key: string, ended: { running: number; waiting: Array<() => void> }): void {
    ended.running -= 1;
    let nextKey: string | null = null;
    let next: { running: number; waiting: Array<() => void>; lastStart: number } | null = null;
    for (const [k, caller] of this.callers) {
      if (caller.waiting.length > 0 && (!next || caller.lastStart < next.lastStart)) {
        nextKey = k;
        next = caller;
      }
    }
    if (ended.running === 0 && ended.waiting.length === 0) this.callers.delete(key);
    if (!next || nextKey === null) {
      this.running -= 1;
      return;
    }
    // The slot passes straight to the chosen statement: the count of those running stays.
    this.start(nextKey, next);
    next.waiting.shift()!();
  }
}
