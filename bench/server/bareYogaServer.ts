import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createSchema, createYoga } from 'graphql-yoga';

/**
 * The physical floor of the stack (issue 33, figures): Fastify and graphql-yoga at the versions
 * the server uses, a trivial schema, no plugin, no caller, mounted the way composition/app.ts
 * mounts ours. What `{ __typename }` costs here no layer of ours can go under.
 */
export async function startBareYogaServer(): Promise<{ base: string; close: () => Promise<void> }> {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }),
    graphqlEndpoint: '/graphql',
    logging: false,
    graphiql: false,
  });
  const app = Fastify({ logger: false });
  app.route({
    url: '/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
}
