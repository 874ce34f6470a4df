/**
 * Kept answers take no engine turn, so the fair queue (engineQueue.ts) does not order them: a call
 * of a hundred kept answers would revive and complete them all in one pass of the event loop, and
 * every other request on the process would wait behind it. Instead each caller's kept answers are
 * handed out one per pass of the event loop (after its I/O), in the order they were asked: between
 * two of them, the other callers' requests are read and answered. A caller asking a few (a page of
 * widgets) waits a few passes; one asking a hundred back to back takes one pass in turn with the
 * others, as its engine turns would.
 */
const lanes = new Map<string, Promise<void>>();

/** Resolves when `caller`'s next kept answer may be handed out. */
export function keptTurn(caller: string): Promise<void> {
  const before = lanes.get(caller);
  const mine = (before ?? Promise.resolve()).then(nextPass);
  lanes.set(caller, mine);
  void mine.then(() => {
    if (lanes.get(caller) === mine) lanes.delete(caller);
  });
  return mine;
}

const nextPass = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Callers with kept answers waiting (the tests read it: none is left behind). */
export const keptLanes = (): number => lanes.size;
