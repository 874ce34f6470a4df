import { RequestCache } from '@pothos/plugin-scope-auth';
import type { Plugin } from 'graphql-yoga';

/**
 * Pothos's scope-auth plugin keeps each request's scopes in a WeakMap keyed by the context, and the
 * value holds the context: an entry whose value refers back to its key outlives every young-generation
 * collection of V8 until a full one, and with it the request's whole graph (every signed-in request
 * left 10-12 KB in the old generation, and the young collections paused 6-9 ms instead of 2-3 ms;
 * docs/benchmarks.md, 2026-12-04 night). Once an operation's execution is done, its entry is removed.
 * A subscription's context keeps its entry while its events execute.
 */
export function releaseContextCachesPlugin(): Plugin {
  return {
    onExecute() {
      return {
        onExecuteDone({ args, result }) {
          if (Symbol.asyncIterator in Object(result)) return;
          RequestCache.clearForContext(args.contextValue);
        },
      };
    },
  };
}
