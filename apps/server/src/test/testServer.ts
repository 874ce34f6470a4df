import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../composition/app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { loadTokenKeys } from '../modules/auth/tokens.ts';
import { TEST_PASSWORD } from './factories.ts';
import { createLivePubSub } from '../live/livePubSub.ts';
import { createBackground } from '../composition/background.ts';
import type { JobDefinition } from '../jobs/defineJob.ts';

/** The SECRETS_KEY of test servers on PostgreSQL (32 bytes in base64). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestServerOptions {
  /** Run jobs and schedules in this server (they are only enqueued otherwise), with extra job kinds. */
  jobs?: { work: boolean; definitions?: JobDefinition<any>[] };
  /** Where the server's log goes (at env LOG_LEVEL, silent by default), for tests that read it. */
  log?: NodeJS.WritableStream;
}

export interface GqlResult<T = Record<string, any>> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string } & Record<string, unknown> }>;
}

/** The real server on a random local port, over real HTTP. */
export async function startTestServer(database: Database, env: Record<string, string> = {}, clock?: { now: () => Date }, opts: TestServerOptions = {}) {
  // Its own DATA_DIR (the mail and SMS outbox, blobs) unless the test names one; removed on close.
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'sitelens-test-'));
  // PostgreSQL has no key of its own (secretBox.ts): the tests give it one; '' in env takes it away.
  const secretsKey = database.engine === 'postgres' ? { SECRETS_KEY: TEST_SECRETS_KEY } : {};
  const config = loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off', LOG_LEVEL: 'silent', ...secretsKey, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...env });
  const keys = await loadTokenKeys(database, undefined, 15 * 60);
  const now = clock?.now ?? (() => new Date());
  const live = createLivePubSub(config.REDIS_URL);
  const quiet = { info: () => undefined, warn: () => undefined, error: (e: unknown, m?: string) => console.error(m, e) };
  const background = createBackground({ database, config, now, log: quiet, work: opts.jobs?.work ?? false, definitions: opts.jobs?.definitions });
  const deps = { database, config, keys, now, live: live.pubsub, jobs: background.jobs, messages: background.messages };
  /** What a job of this server runs with (its workers, and a test that calls a job's code itself). */
  const jobDeps = Object.assign({}, deps, { log: quiet });
  const app = await buildApp(deps, opts.log ? { logger: true, logStream: opts.log } : {});
  if (opts.jobs?.work) await background.start(jobDeps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  async function gql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, opts: { token?: string; cookie?: string } = {}) {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GqlResult<T>;
    return { ...body, status: res.status, setCookie: res.headers.get('set-cookie') };
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const r = await gql<{ login: string }>('query($e:String!,$p:String!){ login(email:$e,password:$p) }', { e: email, p: password });
    if (!r.data?.login) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(r.errors)}`);
    return r.data.login;
  }

  /** Signs in every member named, in parallel: `{ admin: 'admin@acme.test' }` gives `{ admin: token }`. */
  async function signInAll<K extends string>(emails: Record<K, string>): Promise<Record<K, string>> {
    const entries = await Promise.all(Object.entries<string>(emails).map(async ([key, email]) => [key, await signIn(email)] as const));
    return Object.fromEntries(entries) as Record<K, string>;
  }

  const close = async () => {
    await background.stop();
    await app.close();
    await live.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  };
  return { base, gql, signIn, signInAll, close, live: live.pubsub, jobs: background.jobs, messages: background.messages, config, log: app.log, jobDeps };
}

export const errorCode = (r: GqlResult) => r.errors?.[0]?.extensions?.code;
