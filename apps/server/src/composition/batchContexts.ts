import type { Plugin } from 'graphql-yoga';

/** Server contexts that Yoga made the prototype of a batched request's operation contexts. */
const prototypes = new WeakSet<object>();

/**
 * Each operation of a batched request (a page's queries sent together) runs on a plain copy of the
 * request's server context, not on the `Object.create(serverContext)` Yoga gives it. With a new
 * prototype per request, V8 made a new hidden class for each operation's context, and another for
 * every property its context was given (some forty: ours and Yoga's), all in the old generation and
 * none used twice; and those hidden classes hold the prototype, so each batched request (its body,
 * its response, every operation's work) outlived the young generation's collections into the old
 * one (docs/decisions.md, "A batched request's operations on plain contexts").
 */
export function plainBatchContextsPlugin(): Plugin {
  return {
    onParams({ context, paramsHandler, setParamsHandler }) {
      const prototype = Object.getPrototypeOf(context) as object | null;
      if (prototype === null || prototype === Object.prototype) return;
      prototypes.add(prototype);
      const plain = Object.assign({}, prototype, context);
      setParamsHandler((payload) => paramsHandler({ ...payload, context: plain as typeof payload.context }));
    },
  };
}

/**
 * Once Yoga has answered a request: a server context it made a prototype lets go of the request and
 * its reply (V8's hidden classes made for it hold it until a full collection); its operations have
 * copies of their own.
 */
export function releaseServerContext(serverContext: { req?: unknown; reply?: unknown }): void {
  if (!prototypes.has(serverContext)) return;
  serverContext.req = undefined;
  serverContext.reply = undefined;
}
