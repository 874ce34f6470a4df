import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { plainBatchContextsPlugin, releaseServerContext } from './batchContexts.ts';

/**
 * Yoga gives each operation of a batched request `Object.create(serverContext)`; the plugin gives it
 * a plain copy instead (V8 made hidden classes per request for the first, which held the request past
 * the young generation's collections). Against the installed Yoga, over HTTP through its Node handler
 * (the one composition/app.ts calls with its server context).
 */
function server(plugins: ReturnType<typeof plainBatchContextsPlugin>[]) {
  const seen: object[] = [];
  const yoga = createYoga<{ req: { name: string } | undefined; reply: unknown }>({
    schema: createSchema<{ req: { name: string } | undefined; reply: unknown }>({
      typeDefs: 'type Query { plain: Boolean, requestName: String }',
      resolvers: {
        Query: {
          plain: (_root, _args, ctx) => {
            seen.push(ctx);
            return Object.getPrototypeOf(ctx) === Object.prototype;
          },
          requestName: (_root, _args, ctx) => ctx.req?.name ?? null,
        },
      },
    }),
    batching: true,
    logging: false,
    plugins,
  });
  const ask = async (body: unknown, serverContext: { req: { name: string } | undefined; reply: unknown }) => {
    // As composition/app.ts does: Yoga answers with a Response, which the route sends.
    const http = createServer(async (req, res) => {
      const response = await yoga.handleNodeRequestAndResponse(req, res, serverContext);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return await res.json();
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  };
  return { seen, ask };
}

const operation = { query: '{ plain requestName }' };

describe("a batched request's operations", () => {
  it('each run on a plain copy of the server context, which lets go of the request once answered', async () => {
    const { seen, ask } = server([plainBatchContextsPlugin()]);
    const serverContext = { req: { name: 'the page' }, reply: {} };
    expect(await ask([operation, operation], serverContext)).toEqual([{ data: { plain: true, requestName: 'the page' } }, { data: { plain: true, requestName: 'the page' } }]);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen).not.toContain(serverContext);
    releaseServerContext(serverContext);
    expect(serverContext).toMatchObject({ req: undefined, reply: undefined });
  });

  it("run on Yoga's own derived contexts without the plugin (what the plugin answers)", async () => {
    const { ask } = server([]);
    expect(await ask([operation, operation], { req: { name: 'the page' }, reply: {} })).toEqual([
      { data: { plain: false, requestName: 'the page' } },
      { data: { plain: false, requestName: 'the page' } },
    ]);
  });

  it('leave a request of one operation on its server context, which keeps the request', async () => {
    const { seen, ask } = server([plainBatchContextsPlugin()]);
    const serverContext = { req: { name: 'one query' }, reply: {} };
    expect(await ask(operation, serverContext)).toEqual({ data: { plain: true, requestName: 'one query' } });
    expect(seen[0]).toBe(serverContext);
    releaseServerContext(serverContext);
    expect(serverContext.req).toEqual({ name: 'one query' });
  });
});
