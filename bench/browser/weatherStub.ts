import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The calendar date in a time zone, as YYYY-MM-DD. */
const localDate = (ms: number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

/**
 * A local stand-in for the Open-Meteo forecast API (the edge of the world: this machine has no
 * outside network), so the counting page's weather widget shows data instead of waiting on a
 * provider that cannot answer.
 */
export async function startWeatherStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const params = new URL(req.url ?? '/', 'http://stub').searchParams;
    const timeZone = params.get('timezone') ?? 'UTC';
    const days = Math.min(16, Number(params.get('forecast_days') ?? 7) || 7);
    const time = Array.from({ length: days }, (_, i) => localDate(Date.now() + i * 86_400_000, timeZone));
    const daily = {
      time,
      weather_code: time.map((_, i) => [0, 2, 3, 61, 1, 80, 45][i % 7]!),
      temperature_2m_max: time.map((_, i) => 18 + (i % 4)),
      temperature_2m_min: time.map((_, i) => 9 + (i % 3)),
      precipitation_sum: time.map((_, i) => (i % 3 === 1 ? 2.4 : 0)),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ daily }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
