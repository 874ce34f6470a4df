import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/composition/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { createBackground } from '../../apps/server/src/composition/background.ts';
import { createLivePubSub } from '../../apps/server/src/live/livePubSub.ts';
import { loadTokenKeys } from '../../apps/server/src/modules/auth/tokens.ts';
import { TEST_PASSWORD } from '../../apps/server/src/test/factories.ts';
import { BENCH_EMAIL, NOW } from '../dataset/layout.ts';
import { postGraphql } from './httpPost.ts';

export interface BenchServer {
  base: string;
  token: string;
  /** POST /graphql; throws on an HTTP or GraphQL error, so a timing never hides a failure. */
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<T>;
  /** Several operations in one POST /graphql (a JSON array, as the web app sends the queries a page asks together); their data in order. */
  gqlTogether<T = any>(operations: Array<{ query: string; variables?: Record<string, unknown> }>): Promise<T[]>;
  close(): Promise<void>;
}

/** The real server (as main.ts builds it, without demo data) on a local port, clock fixed at NOW. */
export async function startBenchServer(database: Database, env: Record<string, string> = {}): Promise<BenchServer> {
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'silent', ...env });
  const keys = await loadTokenKeys(database, undefined, 15 * 60);
  const live = createLivePubSub(undefined);
  const now = () => new Date(NOW);
  // Jobs are only enqueued here; the messages phase runs its own workers (bench/messages).
  const background = createBackground({ database, config, now, work: false });
  const app = await buildApp({ database, config, keys, now, live: live.pubsub, jobs: background.jobs, messages: background.messages });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let token = '';

  const postBody = (body: string) => postGraphql(`${base}/graphql`, body, token || undefined);
  const post = (query: string, variables: Record<string, unknown>) => postBody(JSON.stringify({ query, variables }));

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    // A long raw query blocks this process's event loop (PGlite runs on it), so both ends of an idle
    // keep-alive socket time out together; a query is safe to send again on a new socket.
    const res = await post(query, variables).catch(() => post(query, variables));
    const body = JSON.parse(res.body) as { data?: T; errors?: unknown[] };
    if (res.status !== 200 || body.errors || !body.data) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
    return body.data;
  }

  async function gqlTogether<T>(operations: Array<{ query: string; variables?: Record<string, unknown> }>): Promise<T[]> {
    const body = JSON.stringify(operations.map((op) => ({ query: op.query, variables: op.variables ?? {} })));
    const res = await postBody(body).catch(() => postBody(body));
    const answers = JSON.parse(res.body) as Array<{ data?: T; errors?: unknown[] }>;
    if (res.status !== 200 || !Array.isArray(answers) || answers.length !== operations.length || answers.some((a) => a.errors || !a.data)) {
      throw new Error(`GraphQL batch failed (${res.status}): ${JSON.stringify(answers).slice(0, 500)}`);
    }
    return answers.map((a) => a.data!);
  }

  const login = await gql<{ login: string }>('query($e:String!,$p:String!){ login(email:$e,password:$p) }', { e: BENCH_EMAIL, p: TEST_PASSWORD });
  token = login.login;
  return {
    base,
    get token() {
      return token;
    },
    gql,
    gqlTogether,
    close: async () => {
      await app.close();
      await live.close();
    },
  };
}

/** A fresh ingest key for the benchmark organization, made through GraphQL as an admin would. */
export async function createIngestKey(server: BenchServer): Promise<string> {
  const data = await server.gql<{ createApiKey: { secret: string } }>('mutation { createApiKey(name: "Bench gateway") { secret } }');
  return data.createApiKey.secret;
}
