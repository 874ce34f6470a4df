import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './composition/app.ts';
import { openDatabase } from './db/database.ts';
import { ensureDemo } from './demo/ensureDemo.ts';
import { blobStoreFor } from './blobs/blobStoreFor.ts';
import { startMqttIngest } from './ingest/mqttIngest.ts';
import { startSimulator } from './demo/simulator.ts';
import { loadTokenKeys } from './modules/auth/tokens.ts';
import { SecretKeyError } from './modules/auth/secretBox.ts';
import { sealClearTotpSecrets } from './modules/auth/totpSecrets.ts';
import { createLivePubSub } from './live/livePubSub.ts';
import { startTemperatureImports } from './modules/weather/temperatureImportSchedule.ts';
import { createBackground } from './composition/background.ts';
import { afterReadingsCommitted } from './modules/alerts/alerts.jobs.ts';

/** How long a SIGTERM or SIGINT may take to finish the work in hand before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 20_000;

const ACCESS_TOKEN_SECONDS = 15 * 60;

async function main() {
  const config = loadConfig();
  const dataDir = resolve(config.DATA_DIR);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(dataDir, 'pglite') });
  const now = () => new Date();
  const keys = await loadTokenKeys(database, config.SESSION_SECRET, ACCESS_TOKEN_SECONDS);
  // Makes DATA_DIR/secrets.key on the embedded database's first start; a wrong SECRETS_KEY stops here.
  await sealClearTotpSecrets(database, config).catch((e: unknown) => {
    throw e instanceof SecretKeyError ? new ConfigError(`Invalid configuration:\n  SECRETS_KEY: ${e.message}`) : e;
  });
  const live = createLivePubSub(config.REDIS_URL);
  const background = createBackground({ database, config, now, work: true });
  const deps = { database, config, keys, now, live: live.pubsub, jobs: background.jobs, messages: background.messages };
  const app = await buildApp(deps, { logger: true });
  await background.start({ ...deps, log: app.log });

  const demo = config.DEMO_DATA === 'on' ? await ensureDemo(database, { seed: config.DEMO_SEED, days: config.DEMO_DAYS, now: now(), log: app.log, blobs: blobStoreFor(config), config }) : null;
  const simulator = demo && config.SIMULATOR === 'on' ? startSimulator(database, {
          seed: config.DEMO_SEED,
          now,
          // The demo's live readings reach alert evaluation like any other batch.
          onWrite: (rows) => {
            if (rows[0]) afterReadingsCommitted({ database, jobs: background.jobs }, rows[0].organizationId, rows, now()).catch((e: unknown) => app.log.error(e, 'alerts after demo readings'));
          },
        }) : null;

  const mqtt = config.MQTT_URL ? startMqttIngest({ database, live: live.pubsub, jobs: background.jobs }, { url: config.MQTT_URL, now, log: app.log }) : null;
  const imports = config.WEATHER_IMPORT === 'on' ? startTemperatureImports({ database, config, now }, { onError: (e) => app.log.error(e, 'outdoor temperature import') }) : null;

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\nSitelens is running at ${where}  (storage: ${database.engine === 'pglite' ? `PGlite in ${dataDir}` : 'PostgreSQL'})`);
  const { mailer, sms } = background.messages.senders;
  console.log(`Mail: ${config.SMTP_URL ? `sent through ${mailer.where}` : `no SMTP_URL, written as .eml files to ${mailer.where}`}`);
  console.log(`SMS: ${config.SMS_ACCOUNT_SID ? `sent through ${sms.where}` : `no SMS provider, appended to ${sms.where}`}`);
  if (demo) console.log('Demo sign-in: admin@sitelens.example / Sitelens#2026  (limited user: viewer@sitelens.example)\n');

  const shutdown = async () => {
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
