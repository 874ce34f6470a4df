import { type DocumentNode, Kind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { perDocument } from '../graphql/perDocument.ts';
import { forgetCallers } from '../modules/access/callerCache.ts';
import type { Context } from '../graphql/context.ts';

/**
 * After a mutation, this process forgets the sessions it keeps before the answer leaves. A mutation
 * may change a profile's rights, a membership or an organization's features; the database notifies
 * that change, but on PostgreSQL the notification reaches this process a few milliseconds after the
 * commit, and the caller's next request could be answered from the cache in between. Other processes
 * still hear the notification (within a second). Mutations are rare next to reads: the refill costs
 * each kept session one read.
 */
export function callersAfterMutationsPlugin(): Plugin {
  return {
    onExecute({ args }) {
      if (!mutates(args.document, args.operationName)) return;
      const ctx = args.contextValue as unknown as Context;
      return {
        onExecuteDone: () => forgetCallers(ctx.database, 'all'),
      };
    },
  };
}

/** Whether the operation run is a mutation: the document's first operation of that name (or its first), once per document text. */
const mutates = perDocument((document: DocumentNode, operationName) => {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName));
  return operation?.kind === Kind.OPERATION_DEFINITION && operation.operation === 'mutation';
});
