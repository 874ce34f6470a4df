import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createFetch } from '@whatwg-node/fetch';
import { OPERATIONS_PER_REQUEST_MAX, SALES_FILE_MAX_BYTES } from '@sitelens/domain';
import { createYoga } from 'graphql-yoga';
import { loadCaller } from '../modules/auth/loadCaller.ts';
import { type Context, type ServerDeps, requestContext } from '../graphql/context.ts';
import { schema } from './graphqlSchema.ts';
import { maskError } from '../graphql/maskError.ts';
import { postOnlyPlugin } from '../graphql/postOnly.ts';
import { maxTokensPlugin } from '../graphql/maxTokens.ts';
import { sessionBoundStreamsPlugin } from './sessionBoundStreams.ts';
import { callersAfterMutationsPlugin } from './callersAfterMutations.ts';
import { corsPolicy } from '../http/cors.ts';
import { callerConcurrency } from '../modules/auth/callerConcurrency.ts';
import { engineRequestBound } from '../modules/metrics/run/engineRequestCount.ts';
import { signedInIntrospection } from '../http/introspection.ts';
import { profileOf, timed } from '../http/requestProfile.ts';
import { profilePlugin } from './profilePlugin.ts';
import { releaseContextCachesPlugin } from './releaseContextCaches.ts';
import { pageOperationsPlugin } from './pageOperations.ts';
import { plainBatchContextsPlugin } from './batchContexts.ts';

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

/**
 * Limits of GraphQL multipart requests (spec: one file of at most 10 MB). A file part may run a
 * little past the import's limit so the import itself answers FILE_TOO_LARGE with its words;
 * anything beyond is cut off while it streams in (REQUEST_ENTITY_TOO_LARGE, HTTP 413).
 */
const UPLOAD_SLACK_BYTES = 64 * 1024;
export const MULTIPART_MAX_BYTES = SALES_FILE_MAX_BYTES + 2 * UPLOAD_SLACK_BYTES;
const fetchAPI = createFetch({
  formDataLimits: { fileSize: SALES_FILE_MAX_BYTES + UPLOAD_SLACK_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 64 * 1024 },
});

export function createGraphqlHandler(deps: ServerDeps) {
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    logging: false,
    graphiql: false,
    // A page's queries may come in one request (docs/decisions.md, "A page's queries in one request").
    batching: { limit: OPERATIONS_PER_REQUEST_MAX },
    fetchAPI,
    cors: corsPolicy(deps.config),
    // Only our typed AppErrors (and GraphQL's own validation errors) reach the client; a bug is masked.
    maskedErrors: { maskError },
    plugins: [
      maxTokensPlugin(),
      maxDepthPlugin({ n: 12 }),
      maxAliasesPlugin({ n: 30 }),
      costLimitPlugin({ maxCost: 20000 }),
      postOnlyPlugin(),
      plainBatchContextsPlugin(),
      callerConcurrency(deps),
      engineRequestBound(),
      sessionBoundStreamsPlugin(),
      callersAfterMutationsPlugin(),
      signedInIntrospection(),
      releaseContextCachesPlugin(),
      pageOperationsPlugin(),
      ...(deps.config.PROFILE_REQUESTS === 'on' ? [profilePlugin()] : []),
    ],
    context: async ({ req, reply }) => {
      const { caller, tokenExpired } = await timed(profileOf(req), 'caller', () => loadCaller(deps, req.headers.authorization));
      return requestContext(deps, { request: req, reply, caller, tokenExpired });
    },
  });
}
