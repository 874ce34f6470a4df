import type { Database } from '../../apps/server/src/db/database.ts';
import { events } from '../../apps/server/src/composition/tables.ts';
import { openSse } from '../../apps/server/src/test/sseSubscription.ts';
import { type BenchLayout, DAY_MS, NOW } from '../dataset/layout.ts';
import { percentile, timeRuns } from '../queries/timeRuns.ts';
import { type BenchServer, createIngestKey } from '../server/benchServer.ts';

export interface StopNGoFigures {
  displays: number;
  rounds: number;
  /** From sending one reading to POST /api/ingest to a display showing the occupancy it makes (every display, every round). */
  latencyP50Ms: number;
  latencyP95Ms: number;
  latencyMaxMs: number;
  /** Display rounds whose new state did not come within the wait (5 s): none expected. */
  missed: number;
  /** The engine's occupancy against the limit, as a screen's heartbeat reads it (stopNGoOccupancy over HTTP). */
  occupancyP50Ms: number;
  occupancyP95Ms: number;
}

const ROUNDS = 10;
const WAIT_MS = 5000;
const DISPLAY = 'subscription($s: String!) { stopNGoDisplay(secret: $s) { state inside } }';

/** One entrance screen's stream, each state with the moment it arrived. */
async function openDisplay(base: string, secret: string) {
  const states: Array<{ at: number; inside: number }> = [];
  const stream = await openSse(base, { query: DISPLAY, variables: { s: secret } }, (payload) => {
    const inside = (payload as { data?: { stopNGoDisplay?: { inside: number } } }).data?.stopNGoDisplay?.inside;
    if (inside !== undefined) states.push({ at: performance.now(), inside });
  });
  return { states, close: () => void stream.close() };
}

/**
 * Entrance screens on one site of the dataset (a year of readings): the time from a reading sent to
 * POST /api/ingest until every display shows the occupancy it makes (the 2 s), over a few
 * rounds, and the cost of the occupancy each heartbeat reads.
 */
export async function runStopNGo(database: Database, server: BenchServer, layout: BenchLayout, displays: number): Promise<StopNGoFigures> {
  const site = layout.sites[0]!;
  const [event] = await database.db
    .insert(events)
    .values({ installationId: site.installationId, name: 'Bench Stop&Go', metrics: ['counting'], neverEnding: true, dateBegin: new Date(NOW - 30 * DAY_MS) })
    .returning();
  await server.gql('mutation($e: Int!) { updateEventStopNGoLimit(eventId: $e, limit: 100000) { id } }', { e: event!.id });
  const key = await createIngestKey(server);
  const screens: Array<Awaited<ReturnType<typeof openDisplay>>> = [];
  for (let i = 0; i < displays; i++) {
    const { createStopNGoScreen } = await server.gql<{ createStopNGoScreen: { secret: string } }>(
      'mutation($i: StopNGoScreenInput!) { createStopNGoScreen(input: $i) { secret } }',
      { i: { eventId: event!.id, name: `Door ${i + 1}`, language: 'fr' } },
    );
    screens.push(await openDisplay(server.base, createStopNGoScreen.secret));
  }
  const settle = async (check: () => boolean) => {
    const until = performance.now() + WAIT_MS;
    while (!check() && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  };
  await settle(() => screens.every((s) => s.states.length > 0));

  const latencies: number[] = [];
  let missed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const expected = Math.max(...screens.map((s) => s.states.at(-1)?.inside ?? 0)) + 1;
    const sent = performance.now();
    const res = await fetch(`${server.base}/api/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify([{ target: { kind: 'zone', id: site.zoneIds[0] }, metric: 'visitorsIn', time: new Date(NOW - 60_000 + round * 7).toISOString(), value: 1 }]),
    });
    if (!res.ok) throw new Error(`ingest failed: ${res.status}`);
    const arrived = (s: (typeof screens)[number]) => s.states.find((st) => st.at >= sent && st.inside >= expected);
    await settle(() => screens.every(arrived));
    for (const s of screens) {
      const state = arrived(s);
      if (state) latencies.push(state.at - sent);
      else missed++;
    }
  }
  for (const s of screens) s.close();
  const occupancy = await timeRuns(() => server.gql('query($e: Int!) { stopNGoOccupancy(eventId: $e) { inside } }', { e: event!.id }), { runs: 20, warmups: 2, budgetMs: 10_000, minRuns: 5 });
  return {
    displays,
    rounds: ROUNDS,
    latencyP50Ms: percentile(latencies, 50),
    latencyP95Ms: percentile(latencies, 95),
    latencyMaxMs: latencies.length ? Math.max(...latencies) : NaN,
    missed,
    occupancyP50Ms: occupancy.p50,
    occupancyP95Ms: occupancy.p95,
  };
}
