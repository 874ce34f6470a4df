import type { ObjectRef } from '@pothos/core';
import { builder } from './builder.ts';
import type { Connection, Edge } from './connection.ts';

const PageInfoRef = builder.objectRef<Connection<unknown>['pageInfo']>('PageInfo').implement({
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

/** `<Name>Connection { edges { node cursor } pageInfo }` over an existing node type. */
export function connectionRef<T>(name: string, node: ObjectRef<any, T>) {
  const EdgeRef = builder.objectRef<Edge<T>>(`${name}Edge`).implement({
    fields: (t) => ({
      // Pothos cannot relate a generic node type to its resolver result; the ref guarantees it.
      node: t.field({ type: node, resolve: (e) => e.node as never }),
      cursor: t.exposeString('cursor'),
    }),
  });
  return builder.objectRef<Connection<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [EdgeRef], resolve: (c) => c.edges }),
      pageInfo: t.field({ type: PageInfoRef, resolve: (c) => c.pageInfo }),
    }),
  });
}
