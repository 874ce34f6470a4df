/**
 * One value per context (a GraphQL operation), made on first use. Kept as a hidden property of the
 * context, not in a WeakMap keyed by it: these values (loaders) close over their context, and a
 * WeakMap entry whose value refers back to its key outlives every young-generation collection of
 * V8 until a full one, with the request's whole graph (docs/decisions.md, "Per-request memos off
 * WeakMaps keyed by the context"). Not enumerable, so a copy of a context (`{ ...ctx }`) starts
 * without them.
 */
export function perContext<C extends object, T>(make: (ctx: C) => T): (ctx: C) => T {
  const slot = Symbol('perContext');
  return (ctx) => {
    const held = (ctx as Record<symbol, T | undefined>)[slot];
    if (held !== undefined) return held;
    const value = make(ctx);
    Object.defineProperty(ctx, slot, { value, configurable: true, enumerable: false, writable: false });
    return value;
  };
}
