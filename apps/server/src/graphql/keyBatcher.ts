/**
 * Collects the keys asked for while the current promise jobs run, loads them with one call, and
 * remembers each answer: what the requests of one GraphQL operation share is read once. The load
 * starts once every pending promise job has run (process.nextTick after them), so requests running
 * side by side (Promise.all over a batch) ask in the same round.
 */
export class KeyBatcher<K extends string | number, V> {
  private readonly memo = new Map<K, Promise<V>>();
  private pending: Array<{ key: K; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];

  /** `loadMany` answers every key it is given (missing ones with their empty value). */
  constructor(private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V> {
    let found = this.memo.get(key);
    if (!found) {
      found = new Promise<V>((resolve, reject) => {
        if (this.pending.length === 0) void Promise.resolve().then(() => process.nextTick(() => this.dispatch()));
        this.pending.push({ key, resolve, reject });
      });
      this.memo.set(key, found);
    }
    return found;
  }

  loadAll(keys: readonly K[]): Promise<V[]> {
    return Promise.all(keys.map((k) => this.load(k)));
  }

  private dispatch(): void {
    const batch = this.pending;
    this.pending = [];
    this.loadMany([...new Set(batch.map((p) => p.key))]).then(
      (values) => {
        for (const p of batch) {
          if (values.has(p.key)) p.resolve(values.get(p.key)!);
          else p.reject(new Error(`no answer loaded for ${String(p.key)}`));
        }
      },
      (error: unknown) => {
        // A failed load is not remembered: a later request asks again.
        for (const p of batch) {
          this.memo.delete(p.key);
          p.reject(error);
        }
      },
    );
  }
}
