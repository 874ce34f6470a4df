/**
 * The amplification phase (issue 14 item 5): on a fresh demo server (its own process, loopback
 * only), another user's ordinary widget calls are timed while idle, while one user sends the
 * refused kind of call back to back (30 aliases × a batch of 20, 600 engine requests), and while it
 * sends the heaviest allowed one (aliases of 20 up to API_ENGINE_REQUESTS_PER_CALL, read from the
 * environment as the server reads it); the three take turns in slices of a few seconds. Prints the
 * other user's p95 under each attack over its idle p95 (the bound: under 2) and /healthz's p95
 * under each (the bound: under 100 ms). */
import { startAppServer } from '../browser/appServer.ts';
import { DEMO_ADMIN, demoCountingSite } from '../browser/demoSite.ts';
import { startWeatherStub } from '../browser/weatherStub.ts';
import { serverSettled } from './serverSettled.ts';

interface AttackFigures {
  calls: number;
  p95Ms: number;
  healthzP95Ms: number;
  healthzMaxMs: number;
  /** The other user's p95 under this attack over its idle p95. */
  ratio: number;
  attacker: { refusedWorkLimit: number; refusedTurns: number; answered: number; other: number; meanMs: number };
}

export interface AmplificationFigures {
  seconds: number;
  demoDays: number;
  /** Time waited after start for the server's start-up jobs to finish (under 0.2 CPU s per s, 3 s in a row). */
  settle: { waitedMs: number; settled: boolean };
  idle: { calls: number; p95Ms: number; healthzP95Ms: number; healthzMaxMs: number };
  /** The call, 30 aliases × 20 (600 requests), sent back to back: refused. */
  refused: AttackFigures;
  /** The heaviest call the bound lets run (5 × 20 at the default 100 requests), sent back to back. */
  allowed: AttackFigures;
}

/** Length of one slice of one condition; the conditions take turns (see below). */
const SLICE_SECONDS = 3;
const VIEWER = { email: 'viewer@sitelens.example', password: DEMO_ADMIN.password };
const WIDGET = `query($inputs: [RetailDataInput!]!) { retailDataBatch(inputs: $inputs) { metric series { points { value } } } }`;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

async function post(base: string, token: string, query: string, variables: Record<string, unknown>): Promise<{ status: number; code: string | null; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
  return { status: res.status, code: body.errors?.[0]?.extensions?.code ?? null, ms: performance.now() - t0 };
}

async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query($e:String!,$p:String!){ login(email:$e,password:$p) }', variables: { e: user.email, p: user.password } }),
  });
  return ((await res.json()) as { data: { login: string } }).data.login;
}

/** Runs `loop` in `parallel` copies until `until`. */
async function during(until: number, parallel: number, loop: () => Promise<void>): Promise<void> {
  await Promise.all(Array.from({ length: parallel }, async () => {
    while (performance.now() < until) await loop();
  }));
}

export async function runAmplification(opts: { seconds: number; demoDays: number }): Promise<AmplificationFigures> {
  const weather = await startWeatherStub();
  const server = await startAppServer({ demoDays: opts.demoDays, weatherUrl: weather.url });
  try {
    const { base } = server;
    const settle = await serverSettled(base);
    const [attacker, other] = [await signIn(base, DEMO_ADMIN), await signIn(base, VIEWER)];
    const site = await demoCountingSite(base);
    const end = Date.parse(new Date().toISOString().slice(0, 10));
    const dates = { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date(end - 7 * 86_400_000).toISOString(), dateEnd: new Date(end).toISOString() }] };
    const request = (metric: string) => ({ installationId: site.id, metric, granularity: 3600, filters: dates });
    // A page of four widgets, as the other user's dashboard asks them.
    const page = { inputs: ['visitorsIn', 'visitorsOut', 'visitorsIn', 'visitorsOut'].map(request) };
    const batch = { inputs: Array.from({ length: 20 }, (_, i) => request(i % 2 ? 'visitorsIn' : 'visitorsOut')) };
    const aliases = (n: number) => `query($inputs: [RetailDataInput!]!) { ${Array.from({ length: n }, (_, i) => `a${i}: retailDataBatch(inputs: $inputs) { series { points { value } } }`).join(' ')} }`;
    const refusedKind = aliases(30);
    // The server reads the same environment (startAppServer passes it on).
    const bound = Number(process.env.API_ENGINE_REQUESTS_PER_CALL || 100);
    const heaviestAllowed = aliases(Math.max(1, Math.floor(bound / 20)));

    // The three conditions take turns in short slices (idle, refused, allowed, idle, ...) rather
    // than a third each: on a shared machine the load from other work drifts over a run, and each
    // condition then sees the same drift. A slice stops sending at its end and waits for the calls
    // under way before the next starts, so no call of one condition is timed in another's.
    const accumulator = () => ({ times: [] as number[], health: [] as number[], attack: { refusedWorkLimit: 0, refusedTurns: 0, answered: 0, other: 0, total: 0, ms: 0 } });
    type Accumulated = ReturnType<typeof accumulator>;
    const slice = async (attackQuery: string | null, into: Accumulated, ms: number) => {
      const until = performance.now() + ms;
      const { times, health, attack } = into;
      await Promise.all([
        during(until, 2, async () => {
          const r = await post(base, other, WIDGET, page);
          if (r.status !== 200 || r.code) throw new Error(`the other user's call failed: ${r.status} ${r.code}`);
          times.push(r.ms);
        }),
        during(until, 1, async () => {
          const t0 = performance.now();
          const res = await fetch(`${base}/healthz`);
          await res.arrayBuffer();
          health.push(performance.now() - t0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }),
        attackQuery
          ? during(until, 1, async () => {
              const r = await post(base, attacker, attackQuery, batch);
              attack.total += 1;
              attack.ms += r.ms;
              if (r.code === 'API_WORK_LIMIT') attack.refusedWorkLimit += 1;
              else if (r.status === 429) attack.refusedTurns += 1;
              else if (r.status === 200 && !r.code) attack.answered += 1;
              else attack.other += 1;
            })
          : Promise.resolve(),
      ]);
    };
    const summary = (a: Accumulated) => ({ calls: a.times.length, p95Ms: p95(a.times), healthzP95Ms: p95(a.health), healthzMaxMs: Math.max(...a.health), attack: a.attack });
    const conditions = [
      { query: null, into: accumulator() },
      { query: refusedKind, into: accumulator() },
      { query: heaviestAllowed, into: accumulator() },
    ];
    // Warm the server's caches and the other user's page once.
    await post(base, other, WIDGET, page);
    const rounds = Math.max(1, Math.round(opts.seconds / (3 * SLICE_SECONDS)));
    for (let round = 0; round < rounds; round++) {
      for (const c of conditions) await slice(c.query, c.into, (opts.seconds * 1000) / (3 * rounds));
    }
    const [idleLoad, refusedLoad, allowedLoad] = conditions.map((c) => summary(c.into)) as [ReturnType<typeof summary>, ReturnType<typeof summary>, ReturnType<typeof summary>];
    const idle = idleLoad;
    const figures = (load: ReturnType<typeof summary>): AttackFigures => ({
      calls: load.calls,
      p95Ms: load.p95Ms,
      healthzP95Ms: load.healthzP95Ms,
      healthzMaxMs: load.healthzMaxMs,
      ratio: load.p95Ms / idle.p95Ms,
      attacker: {
        refusedWorkLimit: load.attack.refusedWorkLimit,
        refusedTurns: load.attack.refusedTurns,
        answered: load.attack.answered,
        other: load.attack.other,
        meanMs: load.attack.total ? load.attack.ms / load.attack.total : 0,
      },
    });
    const refused = figures(refusedLoad);
    const allowed = figures(allowedLoad);
    return {
      seconds: opts.seconds,
      demoDays: opts.demoDays,
      settle,
      idle: { calls: idle.calls, p95Ms: idle.p95Ms, healthzP95Ms: idle.healthzP95Ms, healthzMaxMs: idle.healthzMaxMs },
      refused,
      allowed,
    };
  } finally {
    await server.stop();
    await weather.close();
  }
}

export function printAmplification(f: AmplificationFigures): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\nAmplification (${f.seconds} s, idle and each attack in turns of ${SLICE_SECONDS} s, demo of ${f.demoDays} days, loopback):`);
  console.log(`  start-up jobs ${f.settle.settled ? 'settled' : 'still running'} after ${(f.settle.waitedMs / 1000).toFixed(0)} s`);
  // The server reads the same environment (startAppServer passes it on); 500,000 is its default.
  console.log(`  bounds per call: ${process.env.API_ENGINE_REQUESTS_PER_CALL || 100} requests, ${Number(process.env.API_ENGINE_COST_PER_CALL || 500_000).toLocaleString('en')} points of engine cost (sources x rows read + 1,000 per statement)`);
  console.log(`  other user's page of 4 widgets, idle: p95 ${ms(f.idle.p95Ms)} (${f.idle.calls} calls); /healthz p95 ${ms(f.idle.healthzP95Ms)}, slowest ${ms(f.idle.healthzMaxMs)}`);
  for (const [name, a] of [['one user sending the 600-request call (30 x 20) back to back', f.refused], ['one user sending the heaviest allowed call (API_ENGINE_REQUESTS_PER_CALL / 20 aliases x 20) back to back', f.allowed]] as const) {
    console.log(`  ${name}:`);
    console.log(`    other user's p95 ${ms(a.p95Ms)} (${a.calls} calls): ratio to idle ${a.ratio.toFixed(2)} (bound: under 2.00) ${a.ratio < 2 ? 'OK' : 'OVER'}`);
    console.log(`    /healthz p95 ${ms(a.healthzP95Ms)} (bound: under 100 ms) ${a.healthzP95Ms < 100 ? 'OK' : 'OVER'}, slowest ${ms(a.healthzMaxMs)}`);
    const c = a.attacker;
    console.log(`    the calls: ${c.refusedWorkLimit} refused API_WORK_LIMIT, ${c.refusedTurns} refused 429, ${c.answered} answered, ${c.other} other; mean ${ms(c.meanMs)}`);
  }
}
