import { BLANK_LINE, MAX_BATCH_READINGS } from './ingestReadings.ts';

export type ParsedBody = { ok: true; lines: unknown[] } | { ok: false; status: 400 | 413; error: 'invalidBody' | 'tooManyReadings' };

const NDJSON_TYPES = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl']);

/**
 * The batch of an ingest request: NDJSON keeps one entry per physical line (a line that is not JSON
 * stays in place and is rejected as invalidJson), JSON is an array or { readings: [...] }.
 */
export function parseIngestBody(body: string, contentType: string | undefined): ParsedBody {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  let lines: unknown[];
  if (NDJSON_TYPES.has(type)) {
    // JSON.parse takes the \r of a CRLF line end as whitespace.
    const raw = body.split('\n');
    while (raw.length > 0 && raw[raw.length - 1]!.trim() === '') raw.pop();
    lines = raw.map((line) => (line.trim() === '' ? BLANK_LINE : parseLine(line)));
  } else {
    const parsed = parseLine(body);
    const readings = Array.isArray(parsed) ? parsed : (parsed as { readings?: unknown } | undefined)?.readings;
    if (!Array.isArray(readings)) return { ok: false, status: 400, error: 'invalidBody' };
    lines = readings;
  }
  let count = 0;
  for (const line of lines) if (line !== BLANK_LINE) count++;
  if (count > MAX_BATCH_READINGS) return { ok: false, status: 413, error: 'tooManyReadings' };
  return { ok: true, lines };
}

/** The JSON value, or undefined (which the reading rule refuses as invalidJson). */
function parseLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
