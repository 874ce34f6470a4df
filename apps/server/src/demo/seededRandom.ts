/**
 * Deterministic randomness for the demo. `hashUnit` is a counter-based generator: the noise of a
 * (target, day, slot) is a pure function of the seed, so the generator and the live simulator
 * draw the same value for the same instant whatever order they compute things in.
 */

/** mulberry32: a sequence of numbers in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(h: number, k: number): number {
  k = Math.imul(k | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  h ^= Math.imul(k, 0x1b873593);
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** A number in [0, 1) fixed by the seed and up to four integer coordinates (murmur3 mixing). */
export function hashUnit(seed: number, a: number, b = 0, c = 0, d = 0): number {
  let h = mix(mix(mix(mix(seed | 0, a), b), c), d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Uniform in [lo, hi) from a unit draw. */
export const between = (unit: number, lo: number, hi: number): number => lo + unit * (hi - lo);

/** A stable 32-bit id for a string key (FNV-1a), to feed hashUnit. */
export function keyId(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h | 0;
}
