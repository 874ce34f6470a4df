import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { loadCaller } from '../modules/auth/loadCaller.ts';
import type { Context, ServerDeps } from './context.ts';
import { schema } from './schema.ts';
import { maskError } from './maskError.ts';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

export function createGraphqlHandler(deps: ServerDeps) {
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    graphiql: false,
    // Only our typed AppErrors (and GraphQL's own validation errors) reach the client; a bug is masked.
    maskedErrors: { maskError },
    plugins: [
      maxDepthPlugin({ n: 12 }),
      maxAliasesPlugin({ n: 30 }),
      costLimitPlugin({ maxCost: 20000 }),
    ],
    context: async ({ req, reply }) => {
      const { caller, tokenExpired } = await loadCaller(deps, req.headers.authorization);
      return { ...deps, request: req, reply, caller, tokenExpired };
    },
  });
}
