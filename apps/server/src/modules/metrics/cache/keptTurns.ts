/**
 * Kept answers take no engine turn, so the fair queue (engineQueue.ts) does not order them: a call
 * of a hundred kept answers would revive and complete them all in one pass of the event loop, and
 * every other request on the process would wait behind it. Instead each caller gets at most
 * PER_PASS kept answers per pass of the event loop, in the order asked; the rest wait for the next
 * passes, and between two passes the other callers' requests are read and answered (their kept
 * answers come on their own lane, not behind the heavy caller's). A page of a few widgets gets its
 * answers at once, as before; a caller sending a hundred back to back takes a few per pass, in turn
 * with the others, as its engine turns would (on PGlite, 5 per turn while the engine is shared).
 */
const PER_PASS = 5;

interface Lane {
  waiting: Array<() => void>;
  /** Kept answers handed out in this pass. */
  used: number;
}
const lanes = new Map<string, Lane>();
let passPlanned = false;

/** Resolves when `caller`'s next kept answer may be handed out. */
export function keptTurn(caller: string): Promise<void> {
  let lane = lanes.get(caller);
  if (!lane) lanes.set(caller, (lane = { waiting: [], used: 0 }));
  planPass();
  if (lane.waiting.length === 0 && lane.used < PER_PASS) {
    lane.used += 1;
    return Promise.resolve();
  }
  const waiting = lane.waiting;
  return new Promise((resolve) => waiting.push(resolve));
}

function planPass(): void {
  if (passPlanned) return;
  passPlanned = true;
  setImmediate(nextPass);
}

/** A new pass (after this one's I/O): each waiting caller gets its next few; lanes with none waiting end. */
function nextPass(): void {
  passPlanned = false;
  for (const [caller, lane] of lanes) {
    if (lane.waiting.length === 0) {
      lanes.delete(caller);
      continue;
    }
    lane.used = 0;
    while (lane.waiting.length > 0 && lane.used < PER_PASS) {
      lane.used += 1;
      lane.waiting.shift()!();
    }
  }
  if (lanes.size > 0) planPass();
}

/** Callers with kept answers handed out in this pass or waiting (the tests read it: none is left behind). */
export const keptLanes = (): number => lanes.size;
export const KEPT_PER_PASS = PER_PASS;
