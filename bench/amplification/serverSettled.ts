/**
 * Waits until the server's start-up work is over: after /healthz answers, the demo's jobs
 * (rollups, heatmap pictures, alert checks) keep the process busy for tens of seconds on a loaded
 * machine, which would be timed as "idle". Reads the process's CPU seconds from /metrics (loopback,
 * no token) once a second until three seconds in a row used under a fifth of a core, or `maxMs`.
 */
export async function serverSettled(base: string, maxMs = 180_000): Promise<{ waitedMs: number; settled: boolean }> {
  const t0 = performance.now();
  const cpu = async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('process_cpu_seconds_total '));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  };
  let quiet = 0;
  let last = await cpu();
  if (Number.isNaN(last)) return { waitedMs: 0, settled: false };
  while (performance.now() - t0 < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpu();
    quiet = now - last < 0.2 ? quiet + 1 : 0;
    last = now;
    if (quiet >= 3) return { waitedMs: performance.now() - t0, settled: true };
  }
  return { waitedMs: performance.now() - t0, settled: false };
}
