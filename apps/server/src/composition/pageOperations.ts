import { RequestCache } from '@pothos/plugin-scope-auth';
import { type ExecutionArgs, Kind, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../graphql/context.ts';
import { perDocument } from '../graphql/perDocument.ts';
import { READS_UNDER_DATA_VERSIONS } from '../modules/installations/installations.schema.ts';
import { assumedVersions } from '../modules/metrics/cache/operationVersions.ts';
import { speculatively } from '../modules/metrics/cache/speculation.ts';
import { askedEngineRequests } from '../modules/metrics/run/engineRequestCount.ts';

type Variables = Record<string, unknown> | null | undefined;

const reads = new Set<string>(READS_UNDER_DATA_VERSIONS);

/** Whether the operation is a query of root fields that only read under the data versions (besides `__typename`; no fragment at its root). */
const underVersions = perDocument((document, operationName) => {
  const operation = getOperationAST(document, operationName);
  const fields = operation?.operation === 'query' ? operation.selectionSet.selections : [];
  return fields.some((s) => s.kind === Kind.FIELD && reads.has(s.name.value)) && fields.every((s) => s.kind === Kind.FIELD && (reads.has(s.name.value) || s.name.value === '__typename'));
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A page's operations sent together (its chart, its site, its zones) on PostgreSQL, while the request
 * works under the data versions its process read last (docs/decisions.md, "A page's reads beside its
 * chart's statement"). Two things, both only for the queries of such a request of several operations:
 * - **Statements first.** In a request of several operations, one that asks no analytics request
 *   starts on the next turn of the event loop, once the others have sent their statements: its work
 *   is then done while the database answers them, not before they leave. (Decided on the validated
 *   document, never on a request's raw texts: the engine's plan of a document assumes validation,
 *   which refuses fragment cycles.)
 * - **Reads under the assumed versions.** An operation of only the reads the reference cache keeps
 *   under the versions (a site, its zones) runs as a trial under the versions assumed, as the chart
 *   does (speculation.ts): it is answered without waiting for the chart's statement to bring the
 *   versions, and stands only if those are the ones it assumed; otherwise it runs again on its own
 *   context, as it would have without the trial.
 */
export function pageOperationsPlugin(): Plugin<Context> {
  /** Requests of several operations. */
  const batched = new WeakSet<object>();
  return {
    onRequestParse({ serverContext }) {
      return {
        onRequestParseDone({ requestParserResult }) {
          const req = (serverContext as { req?: object }).req;
          if (req && Array.isArray(requestParserResult) && requestParserResult.length > 1) batched.add(req);
        },
      };
    },
    onExecute({ args, executeFn, setExecuteFn }) {
      const ctx = args.contextValue as Context;
      // Documents here are validated (Yoga's onExecute): the engine's plan walks them safely.
      if (!batched.has(ctx.request) || getOperationAST(args.document, args.operationName)?.operation !== 'query' || assumedVersions(ctx) === undefined) return;
      const follows = askedEngineRequests(args.schema, args.document, args.operationName, args.variableValues as Variables) === 0;
      const trial = underVersions(args.document, args.operationName);
      if (!follows && !trial) return;
      setExecuteFn(async (execution: ExecutionArgs) => {
        if (follows) await nextTurn();
        if (!trial) return executeFn(execution);
        return speculatively(ctx, async (c) => {
          try {
            return await executeFn({ ...execution, contextValue: c });
          } finally {
            // Pothos's per-context scopes of the trial's copy (the operation's own are released when it is done).
            if (c !== ctx) RequestCache.clearForContext(c);
          }
        });
      });
    },
  };
}
