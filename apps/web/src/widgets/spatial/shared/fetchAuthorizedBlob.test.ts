import { describe, expect, it } from 'vitest';
import { fetchAuthorizedBlob } from './fetchAuthorizedBlob.ts';

/** A stand-in for the browser's fetch: answers the given statuses in turn and records the headers sent. */
function server(statuses: number[]) {
  const seen: Array<string | undefined> = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    seen.push((init?.headers as Record<string, string>)?.authorization);
    const status = statuses.shift() ?? 500;
    return new Response(status === 200 ? new Blob(['png'], { type: 'image/png' }) : null, { status });
  }) as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('fetchAuthorizedBlob', () => {
  it('sends the bearer token and answers the image', async () => {
    const s = server([200]);
    const answer = await fetchAuthorizedBlob('/img', { getToken: () => 'abc', renew: async () => null, fetch: s.fetch });
    expect(answer.kind).toBe('ok');
    expect(answer.kind === 'ok' && (await answer.blob.text())).toBe('png');
    expect(s.seen).toEqual(['Bearer abc']);
  });

  it('renews an expired token once and retries', async () => {
    const s = server([401, 200]);
    const answer = await fetchAuthorizedBlob('/img', { getToken: () => 'old', renew: async () => 'new', fetch: s.fetch });
    expect(answer.kind).toBe('ok');
    expect(s.seen).toEqual(['Bearer old', 'Bearer new']);
  });

  it('tells a missing image from a failure', async () => {
    const deps = (statuses: number[]) => ({ getToken: () => 't', renew: async () => null, fetch: server(statuses).fetch });
    expect(await fetchAuthorizedBlob('/img', deps([404]))).toEqual({ kind: 'missing' });
    expect(await fetchAuthorizedBlob('/img', deps([500]))).toEqual({ kind: 'failed', status: 500 });
    expect(await fetchAuthorizedBlob('/img', deps([401]))).toEqual({ kind: 'failed', status: 401 });
    const offline = { getToken: () => 't', renew: async () => null, fetch: (async () => Promise.reject(new TypeError('offline'))) as typeof fetch };
    expect(await fetchAuthorizedBlob('/img', offline)).toEqual({ kind: 'failed', status: 0 });
  });
});
