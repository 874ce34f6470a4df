import { type BenchLayout, TO } from '../dataset/layout.ts';
import { type RunPlan, type Timing, timeRuns } from '../queries/timeRuns.ts';
import type { BenchServer } from '../server/benchServer.ts';
import { FUNNEL_SHOPS } from './funnelShops.ts';

/** cpuMs: this process's CPU time per call (server, its database and the client in one process): less bound to the machine's load than the wall clock. */
export type FunnelTiming = Timing & { shops: number; months: number; cpuMs: number };

const FUNNEL = `query($s:[Int!]!,$d:[Date!]!) {
  salesFunnelMetrics(siteIds:$s, dates:$d) { siteId affluenceIn numberOfOrders turnover captureRate conversionRate salesIndex avgBasketPrice avgBasketSize }
  salesFunnelMetricsTotal(siteIds:$s, dates:$d) { affluenceIn numberOfOrders turnover conversionRate salesIndex }
}`;

/** The funnel (both fields in one call, as the page asks them) for the shops' zones over the year's 12 months. */
export async function timeFunnel(server: BenchServer, layout: BenchLayout, plan: RunPlan): Promise<FunnelTiming> {
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(TO);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11 + i, 1)).toISOString().slice(0, 10);
  });
  const siteIds = layout.sites.slice(0, FUNNEL_SHOPS).map((s) => s.zoneIds[0]!);
  console.log(`Timing the sales funnel: ${siteIds.length} shops over 12 months...`);
  let calls = 0;
  let cpuMicros = 0;
  const funnel = await timeRuns(async () => {
    const cpu0 = process.cpuUsage();
    await server.gql(FUNNEL, { s: siteIds, d: months });
    const cpu = process.cpuUsage(cpu0);
    cpuMicros += cpu.user + cpu.system;
    calls += 1;
  }, plan);
  return { ...funnel, shops: siteIds.length, months: months.length, cpuMs: cpuMicros / calls / 1000 };
}
