/**
 * Calls `fn` once `wait` ms after the last trigger, and no later than `maxWait` ms after the first
 * of a run, so a batch makes one call and a steady stream still makes some.
 */
export function debouncedCall(fn: () => void, wait: number, maxWait: number): { trigger(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstAt = 0;
  return {
    trigger() {
      const now = Date.now();
      if (timer === undefined) firstAt = now;
      else clearTimeout(timer);
      timer = setTimeout(
        () => {
          timer = undefined;
          fn();
        },
        Math.max(0, Math.min(wait, firstAt + maxWait - now)),
      );
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
