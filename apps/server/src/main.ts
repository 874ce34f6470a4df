import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './composition/app.ts';
import { openDatabase } from './db/database.ts';
import { DEMO_STEPS, ensureDemo } from './demo/ensureDemo.ts';
import { blobStoreFor } from './blobs/blobStoreFor.ts';
import { mqttClientId, startMqttIngest } from './ingest/mqttIngest.ts';
import { startSimulator } from './demo/simulator.ts';
import { loadTokenKeys } from './modules/auth/tokens.ts';
import { SecretKeyError } from './modules/auth/secretBox.ts';
import { sealClearTotpSecrets } from './modules/auth/totpSecrets.ts';
import { createLivePubSub } from './live/livePubSub.ts';
import { startTemperatureImports } from './modules/weather/temperatureImportSchedule.ts';
import { createBackground } from './composition/background.ts';
import { buildWorkerApp } from './composition/workerApp.ts';
import { withAdvisoryLock } from './db/advisoryLock.ts';
import { afterReadingsCommitted } from './modules/alerts/alerts.jobs.ts';
import { createStartupProgress } from './http/startupProgress.ts';
import { partitionIfNew } from './modules/metrics/partitions/partitionIfNew.ts';

/** How long a SIGTERM or SIGINT may take to finish the work in hand before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 20_000;

const ACCESS_TOKEN_SECONDS = 15 * 60;

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: join(dataDir, 'pglite'),
    readUrls: config.DATABASE_READ_URL,
    maxReplicaLagMs: config.READ_REPLICA_MAX_LAG_MS,
    parallelWorkers: config.DATABASE_PARALLEL_WORKERS,
    namedStatements: config.DATABASE_NAMED_STATEMENTS === 'on',
  });
  const now = () => new Date();
  if (database.engine === 'postgres' && config.READINGS_PARTITIONS === 'auto') await partitionIfNew(database, now());
  const keys = await loadTokenKeys(database, config.SESSION_SECRET, ACCESS_TOKEN_SECONDS);
  // Makes DATA_DIR/secrets.key on the embedded database's first start; a wrong SECRETS_KEY stops here.
  await sealClearTotpSecrets(database, config).catch((e: unknown) => {
    throw e instanceof SecretKeyError ? new ConfigError(`Invalid configuration:\n  SECRETS_KEY: ${e.message}`) : e;
  });
  const live = createLivePubSub(config.REDIS_URL);
  // issue 31.1: a web process serves and may enqueue; a worker runs the queue and answers only /healthz.
  const role = config.SITELENS_ROLE;
  const serves = role !== 'worker';
  const works = role !== 'web';
  const background = createBackground({ database, config, now, work: works });
  const deps = { database, config, keys, now, live: live.pubsub, jobs: background.jobs, messages: background.messages };
  // The server answers while the demo organization is built behind it (issue 33 item 7): the sign-in
  // page says how far the build is, and /healthz answers "starting" until it is done.
  const startup = createStartupProgress();
  const app = serves ? await buildApp(deps, { logger: true, startup }) : await buildWorkerApp(deps, startup);
  if (works) await background.start(Object.assign({}, deps, { log: app.log }));

  let simulator: { stop(): Promise<void> } | null = null;
  const mqtt = serves && config.MQTT_URL ? startMqttIngest({ database, live: live.pubsub, jobs: background.jobs }, { url: config.MQTT_URL, clientId: mqttClientId(config), now, log: app.log }) : null;
  const imports = works && config.WEATHER_IMPORT === 'on' ? startTemperatureImports({ database, config, now }, { onError: (e) => app.log.error(e, 'outdoor temperature import') }) : null;

  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    // A stop that waits on something that never ends (a connection never given back) must not keep
    // the process alive: whatever is left after the deadline is cut, and the exit code says so.
    setTimeout(() => {
      console.error(`Sitelens did not stop within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await simulator?.stop();
    await mqtt?.stop();
    await imports?.stop();
    await background.stop();
    await app.close();
    await live.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const buildsDemo = works && config.DEMO_DATA === 'on';
  // Until the demo's build says where it is (an existing demo clears this at once).
  if (buildsDemo) startup.at(1, DEMO_STEPS);
  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const storage = database.engine === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL';
  if (!serves) console.log(`\nSitelens worker is running (storage: ${storage}); /healthz and /metrics on port ${config.PORT}`);
  else console.log(`\nSitelens${role === 'web' ? ' (web)' : ''} is running at ${where}  (storage: ${storage})`);
  const { mailer, sms } = background.messages.senders;
  if (works) console.log(`Mail: ${config.SMTP_URL ? `sent through ${mailer.where}` : `no SMTP_URL, written as .eml files to ${mailer.where}`}`);
  if (works) console.log(`SMS: ${config.SMS_ACCOUNT_SID ? `sent through ${sms.where}` : `no SMS provider, appended to ${sms.where}`}`);
  if (!buildsDemo) return;

  // The demo is background work: built and kept live by the process that runs the queue, once
  // however many start together (ensureDemo does nothing when an organization exists).
  const buildDemo = () => ensureDemo(database, { seed: config.DEMO_SEED, days: config.DEMO_DAYS, now: now(), log: app.log, blobs: blobStoreFor(config), config, onStep: startup.at });
  const built = await (config.DATABASE_URL ? withAdvisoryLock(config.DATABASE_URL, 'sitelens.demo', buildDemo) : buildDemo());
  if (stopping) return;
  // The demo's bulk load leaves its write-ahead log behind until a checkpoint (issue 33 item 7).
  if (built) await database.checkpoint?.();
  startup.done();
  if (config.SIMULATOR === 'on') {
    simulator = startSimulator(database, {
      seed: config.DEMO_SEED,
      now,
      // The demo's live readings reach alert evaluation like any other batch.
      onWrite: (rows) => {
        if (rows[0]) afterReadingsCommitted({ database, jobs: background.jobs }, rows[0].organizationId, rows, now()).catch((e: unknown) => app.log.error(e, 'alerts after demo readings'));
      },
    });
  }
  console.log('Demo sign-in: admin@sitelens.example / Sitelens#2026  (limited user: viewer@sitelens.example)\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
