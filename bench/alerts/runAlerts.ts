/**
 * The alerts phase (issue 15, performance): the real server process on a fresh demo database (the
 * benchmark organization of this phase), a real SMTP server in this process, the real live-alert
 * subscription. HTTP ingest is timed without alerts and with 1,000 enabled alerts on the ingested
 * site, alternately in one run (their rate ratio: at least 0.90); then a probe alert is triggered
 * and cleared again and again by single readings, timing each reading's POST to its live event
 * (published once the alert-log entry is committed: p95 under 1 s) and to the e-mail the SMTP
 * server accepted (p95 under 5 s), with the 1,000 alerts still enabled and woken by each reading;
 * then the same probe again and again while another ingest run is under way (what an alert waits
 * behind the rounds of a burst and their rests).
 */
import { startAppServer } from '../browser/appServer.ts';
import { DEMO_ADMIN } from '../browser/demoSite.ts';
import { startWeatherStub } from '../browser/weatherStub.ts';
import { startSmtpPeer } from '../../apps/server/src/test/smtpPeer.ts';
import { type AlertConditionType, READING_MAX_AGE_MS, siteConditionTypes } from '@sitelens/domain';
import { METRICS, QUARTER_MS } from '../dataset/layout.ts';
import { runClient } from '../ingest/runIngest.ts';
import { percentile } from '../queries/timeRuns.ts';
import { openLiveAlerts } from './liveAlertStream.ts';

export interface AlertsFigures {
  alerts: number;
  demoDays: number;
  readingsPerRun: number;
  batchSize: number;
  concurrency: number;
  /** Readings per second of each run, in the order they ran (without, with, without, with). */
  withoutPerSecond: number[];
  withPerSecond: number[];
  /** Mean rate with the alerts over the mean rate without (the bound: at least 0.90). */
  ratio: number;
  samples: number;
  liveP50Ms: number;
  liveP95Ms: number;
  emailP50Ms: number;
  emailP95Ms: number;
  /** The probe triggered while an ingest run of up to three times readingsPerRun went on (the 1,000 alerts enabled). */
  burst: { samples: number; readings: number; readingsPerSecond: number; liveP50Ms: number; liveP95Ms: number; emailP50Ms: number; emailP95Ms: number };
  /** Every trigger's live event named an alert-log entry that alertLogConnection lists. */
  logsListed: boolean;
}

const DAY_MS = 86_400_000;
const BURST_RUNS = 3;
const PROBE_MAIL = 'probe@bench.sitelens.test';

type Gql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

function client(base: string, token: string): Gql {
  return async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown[] };
    if (!res.ok || body.errors || !body.data) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
    return body.data;
  };
}

/** The condition types the 1,000 alerts use, one after another: what an ingest batch wakes. */
const BENCH_CONDITION_TYPES: AlertConditionType[] = ['co2', 'limit', 'density', 'flux'];

/**
 * The 1,000 alerts: thresholds no reading reaches, spread over the ingested zones and the condition
 * types an ingest batch wakes. Densities go to the zones with a floor area (the server refuses others).
 */
function benchCondition(i: number, zoneIds: number[], areaZoneIds: number[]): Record<string, unknown> {
  const zoneId = zoneIds[i % zoneIds.length]!;
  const kinds: Array<{ type: AlertConditionType } & Record<string, unknown>> = [
    { type: 'co2', value: 1e9, zoneId },
    { type: 'limit', value: 1e9, zoneId },
    { type: 'density', value: 1e9, zoneId: areaZoneIds[i % areaZoneIds.length]! },
    { type: 'flux', value: 1e9, zoneId, direction: 'in' },
  ];
  return kinds[i % kinds.length]!;
}

async function createAlerts(gql: Gql, organizationId: number, installationId: number, zoneIds: number[], areaZoneIds: number[], count: number): Promise<number[]> {
  const ids: number[] = [];
  const perCall = 20;
  for (let from = 0; from < count; from += perCall) {
    const n = Math.min(perCall, count - from);
    const fields = Array.from({ length: n }, (_, k) => `a${k}: createAlertWithDetails(input: $i${k}) { id }`).join(' ');
    const vars = Object.fromEntries(
      Array.from({ length: n }, (_, k) => [`i${k}`, { name: `Bench alert ${from + k + 1}`, organizationId, installationId, conditionsToAdd: [benchCondition(from + k, zoneIds, areaZoneIds)] }]),
    );
    const data = await gql<Record<string, { id: number }>>(`mutation(${Array.from({ length: n }, (_, k) => `$i${k}: CreateAlertWithDetailsInput!`).join(', ')}) { ${fields} }`, vars);
    ids.push(...Object.values(data).map((a) => a.id));
  }
  return ids;
}

async function switchAlerts(gql: Gql, ids: number[], enabled: boolean): Promise<void> {
  for (let from = 0; from < ids.length; from += 25) {
    const part = ids.slice(from, from + 25);
    await gql(`mutation { ${part.map((id, k) => `a${k}: updateAlert(id: ${id}, enabled: ${enabled}) { id }`).join(' ')} }`);
  }
}

async function postReadings(base: string, key: string, readings: unknown[]): Promise<void> {
  const res = await fetch(`${base}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(readings),
  });
  const answer = (await res.json()) as { accepted?: number };
  if (!res.ok || answer.accepted !== readings.length) throw new Error(`ingest refused the probe reading: ${res.status} ${JSON.stringify(answer)}`);
}

export async function runAlerts(opts: { alerts: number; readingsPerRun: number; samples: number; batchSize: number; concurrency: number; demoDays: number }): Promise<AlertsFigures> {
  const smtp = await startSmtpPeer();
  const weather = await startWeatherStub();
  const server = await startAppServer({ demoDays: opts.demoDays, weatherUrl: weather.url, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <bench@sitelens.test>' } });
  try {
    const { base } = server;
    const token = await loginToken(base);
    const gql = client(base, token);
    // The demo site whose events offer every condition type of the phase (the server refuses a CO₂ alert on a counting-only site).
    const { allInstallations } = await gql<{ allInstallations: Array<{ id: number; families: string[] }> }>('query { allInstallations { id families } }');
    const site = allInstallations.find((i) => BENCH_CONDITION_TYPES.every((type) => siteConditionTypes(i.families).includes(type)));
    if (!site) throw new Error(`alerts phase: no demo site offers the conditions ${BENCH_CONDITION_TYPES.join(', ')}`);
    const { installationById } = await gql<{ installationById: { organizationId: number; zones: Array<{ id: number; isDeleted: boolean; isDisabled: boolean; areaM2: number | null }> } }>(
      'query($id: Int!) { installationById(installationId: $id) { organizationId zones { id isDeleted isDisabled areaM2 } } }',
      { id: site.id },
    );
    const zones = installationById.zones.filter((z) => !z.isDeleted && !z.isDisabled).map((z) => z.id);
    // The probe's zone takes no bulk readings: its co2 average is the probe's alone.
    const probeZone = zones[zones.length - 1]!;
    const ingestZones = zones.slice(0, -1);
    const withArea = new Set(installationById.zones.filter((z) => (z.areaM2 ?? 0) > 0).map((z) => z.id));
    const areaZones = ingestZones.filter((id) => withArea.has(id));
    const key = (await gql<{ createApiKey: { secret: string } }>('mutation { createApiKey(name: "Bench alerts gateway") { secret } }')).createApiKey.secret;

    // Each run writes its own quarters, before the demo's first day: every run inserts, none replaces.
    const quartersPerRun = Math.ceil(opts.readingsPerRun / (ingestZones.length * METRICS.length));
    const firstEnd = Math.floor((Date.now() - (opts.demoDays + 2) * DAY_MS) / QUARTER_MS) * QUARTER_MS;
    let run = 0;
    console.log(`  alerts: ${ingestZones.length} zones take readings, ${quartersPerRun.toLocaleString('en')} quarter-hours per run`);
    const ingest = async (total = opts.readingsPerRun) => {
      const r = await runClient({ base, key, zoneIds: ingestZones, total, batchSize: opts.batchSize, concurrency: opts.concurrency, endMs: firstEnd - run++ * quartersPerRun * QUARTER_MS });
      if (r.firstError) throw new Error(`alerts phase ingest: ${r.firstError}`);
      return r.accepted / r.seconds;
    };
    const live = await openLiveAlerts(base, token);
    const probe = (
      await gql<{ createAlertWithDetails: { id: number } }>('mutation($i: CreateAlertWithDetailsInput!) { createAlertWithDetails(input: $i) { id } }', {
        i: {
          name: 'Bench probe',
          organizationId: installationById.organizationId,
          installationId: site.id,
          conditionsToAdd: [{ type: 'co2', value: 5000, zoneId: probeZone }],
          actionsToAdd: [{ type: 'email', recipients: [], msgTitle: 'Bench probe' }],
          planningToAdd: { name: 'Bench', mails: [PROBE_MAIL] },
        },
      })
    ).createAlertWithDetails.id;
    // One probe cycle: the reading that triggers it, its live event and e-mail, then the reading that
    // makes it stop holding. An episode ends only 5 minutes after that (ALERT_REARM_MINUTES): the
    // probe is switched off and on again, which ends it at once, so the next cycle starts a new one.
    const cycle = async () => {
      const from = live.events.length;
      const mails = smtp.received.length;
      const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString();
      const t0 = performance.now();
      const wall0 = Date.now();
      await postReadings(base, key, [{ target: { kind: 'zone', id: probeZone }, metric: 'co2', time: at, value: 100_000 }]);
      const begun = await live.next(from, (e) => e.alertId === probe && e.dateEnd === null);
      await smtp.waitFor(mails + 1, 60_000);
      await postReadings(base, key, [{ target: { kind: 'zone', id: probeZone }, metric: 'co2', time: at, value: 0 }]);
      await switchAlerts(gql, [probe], false);
      await switchAlerts(gql, [probe], true);
      return { liveMs: begun.at - t0, emailMs: smtp.acceptedAt[mails]! - wall0, logId: begun.id };
    };
    // Warm-up: the server's caches, the SMTP connection, the gateway process.
    console.log(`  alerts: server ready in ${server.startSeconds.toFixed(0)} s; warming up...`);
    await cycle();

    // An ingest run not counted: the first run of a fresh server was always the slowest (up to half
    // the rate of the next), and it was always a run without alerts.
    console.log('  alerts: ingest warm-up (not counted)...');
    await ingest();
    const withoutPerSecond: number[] = [];
    const withPerSecond: number[] = [];
    console.log('  alerts: ingest without alerts...');
    withoutPerSecond.push(await ingest());
    console.log(`  alerts: creating ${opts.alerts} alerts...`);
    const alertIds = await createAlerts(gql, installationById.organizationId, site.id, ingestZones, areaZones, opts.alerts);
    // A probe cycle after each change: the evaluations queued before it are done when it completes.
    await cycle();
    console.log('  alerts: ingest with the alerts...');
    withPerSecond.push(await ingest());
    await cycle();
    console.log('  alerts: switching them off, ingest again, on again, ingest again...');
    await switchAlerts(gql, alertIds, false);
    await cycle();
    withoutPerSecond.push(await ingest());
    await cycle();
    await switchAlerts(gql, alertIds, true);
    await cycle();
    withPerSecond.push(await ingest());

    console.log(`  alerts: ${opts.samples} probe triggers...`);
    const samples = [];
    for (let i = 0; i < opts.samples; i++) samples.push(await cycle());
    console.log('  alerts: probe triggers while another ingest run goes on...');
    const underway = { ingesting: true };
    // Up to three runs' worth in one, for a dozen triggers or so under it: the earlier runs' quarters lie
    // after its own, and its first quarter stays within the age ingest accepts.
    const burstEnd = firstEnd - run * quartersPerRun * QUARTER_MS;
    const fits = Math.floor((burstEnd - (Date.now() - READING_MAX_AGE_MS + DAY_MS)) / QUARTER_MS) * ingestZones.length * METRICS.length;
    const burstReadings = Math.min(opts.readingsPerRun * BURST_RUNS, fits);
    const burstRun = ingest(burstReadings).finally(() => (underway.ingesting = false));
    const during = [];
    while (underway.ingesting) {
      const sample = await cycle();
      // Only a trigger sent while the run went on, and answered before it ended, was measured under it.
      if (underway.ingesting) during.push(sample);
    }
    const burstRate = await burstRun;
    // A dozen samples or so: each one printed, in order, so that a p95 that is one slow trigger reads as such.
    console.log(`  alerts: under the run, reading to live event (ms) ${during.map((d) => Math.round(d.liveMs)).join(', ')}; to e-mail ${during.map((d) => Math.round(d.emailMs)).join(', ')}`);
    if (during.length === 0) throw new Error('alerts phase: the ingest run under the probe ended before any trigger was answered (give it more readings)');
    const { alertLogConnection } = await gql<{ alertLogConnection: { edges: Array<{ node: { id: number } }> } }>('query($f: AlertLogFilterInput) { alertLogConnection(filter: $f, first: 500) { edges { node { id } } } }', { f: { zoneIds: [probeZone] } });
    const listed = new Set(alertLogConnection.edges.map((e) => e.node.id));
    await live.close();
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    return {
      alerts: alertIds.length,
      demoDays: opts.demoDays,
      readingsPerRun: opts.readingsPerRun,
      batchSize: opts.batchSize,
      concurrency: opts.concurrency,
      withoutPerSecond,
      withPerSecond,
      ratio: mean(withPerSecond) / mean(withoutPerSecond),
      samples: samples.length,
      liveP50Ms: percentile(samples.map((s) => s.liveMs), 50),
      liveP95Ms: percentile(samples.map((s) => s.liveMs), 95),
      emailP50Ms: percentile(samples.map((s) => s.emailMs), 50),
      emailP95Ms: percentile(samples.map((s) => s.emailMs), 95),
      burst: {
        samples: during.length,
        readings: burstReadings,
        readingsPerSecond: burstRate,
        liveP50Ms: percentile(during.map((s) => s.liveMs), 50),
        liveP95Ms: percentile(during.map((s) => s.liveMs), 95),
        emailP50Ms: percentile(during.map((s) => s.emailMs), 50),
        emailP95Ms: percentile(during.map((s) => s.emailMs), 95),
      },
      logsListed: [...samples, ...during].every((s) => listed.has(s.logId)),
    };
  } finally {
    await server.stop();
    await Promise.all([weather.close(), smtp.close()]);
  }
}

async function loginToken(base: string): Promise<string> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query($e:String!,$p:String!){ login(email:$e,password:$p) }', variables: { e: DEMO_ADMIN.email, p: DEMO_ADMIN.password } }),
  });
  return ((await res.json()) as { data: { login: string } }).data.login;
}

export function printAlerts(f: AlertsFigures): void {
  const rate = (v: number[]) => v.map((r) => `${Math.round(r).toLocaleString('en')}/s`).join(', ');
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(`\nAlerts (${f.alerts.toLocaleString('en')} enabled alerts on the ingested site, demo of ${f.demoDays} days, real server process, local SMTP server):`);
  console.log(`  HTTP ingest of ${f.readingsPerRun.toLocaleString('en')} readings per run, batches of ${f.batchSize}, ${f.concurrency} in flight:`);
  console.log(`    without alerts ${rate(f.withoutPerSecond)}; with alerts ${rate(f.withPerSecond)}`);
  console.log(`    ratio with / without ${f.ratio.toFixed(2)} (bound: at least 0.90) ${f.ratio >= 0.9 ? 'OK' : 'UNDER'}`);
  console.log(`  a reading to its alert-log entry and live event (${f.samples} triggers): p50 ${ms(f.liveP50Ms)}, p95 ${ms(f.liveP95Ms)} (bound: under 1000 ms) ${f.liveP95Ms < 1000 ? 'OK' : 'OVER'}`);
  console.log(`  a reading to the e-mail accepted by the SMTP server: p50 ${ms(f.emailP50Ms)}, p95 ${ms(f.emailP95Ms)} (bound: under 5000 ms) ${f.emailP95Ms < 5000 ? 'OK' : 'OVER'}`);
  const b = f.burst;
  console.log(
    `  the same while another ingest run goes on (${b.samples} triggers, ${b.readings.toLocaleString('en')} readings at ${Math.round(b.readingsPerSecond).toLocaleString('en')}/s): live event p50 ${ms(b.liveP50Ms)}, p95 ${ms(b.liveP95Ms)} (${b.liveP95Ms < 1000 ? 'under' : 'OVER'} 1000 ms); e-mail p50 ${ms(b.emailP50Ms)}, p95 ${ms(b.emailP95Ms)}`,
  );
  console.log(`  every trigger's entry listed by alertLogConnection: ${f.logsListed ? 'yes' : 'NO'}`);
}
