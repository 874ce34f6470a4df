import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { startTestServer } from '../test/testServer.ts';

// Issue 14 item 10: the app answered without a content security policy, nosniff, framing rule or HSTS.
let database: Database;
let dist = '';

beforeAll(async () => {
  database = await openTestDatabase();
  dist = mkdtempSync(join(tmpdir(), 'sitelens-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sitelens</title>');
});

afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

async function headersOf(env: Record<string, string>, path: string): Promise<Headers> {
  const server = await startTestServer(database, { WEB_DIST: dist, ...env });
  try {
    return (await fetch(`${server.base}${path}`, { headers: { accept: 'text/html' } })).headers;
  } finally {
    await server.close();
  }
}

const directives = (csp: string | null) => new Map((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  it('serves the app with a policy that runs only its own scripts and lets no one frame it by default', async () => {
    const headers = await headersOf({}, '/dashboards/1');
    expect(headers.get('content-type')).toMatch(/text\/html/);
    const csp = directives(headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toBeNull();
  });

  it('lets only WIDGET_BUILDER_ORIGIN frame the app', async () => {
    const headers = await headersOf({ WIDGET_BUILDER_ORIGIN: 'https://admin.example.com' }, '/widget-builder');
    expect(directives(headers.get('content-security-policy')).get('frame-ancestors')).toEqual(['https://admin.example.com']);
    expect(headers.get('x-frame-options')).toBeNull();
  });

  it('asks browsers for https only when the public address is https, and marks API answers nosniff too', async () => {
    const headers = await headersOf({ PUBLIC_URL: 'https://sitelens.example.com' }, '/graphql?query=%7B__typename%7D');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect((await headersOf({ PUBLIC_URL: 'http://intranet.local:3000' }, '/healthz')).get('strict-transport-security')).toBeNull();
  });
});
