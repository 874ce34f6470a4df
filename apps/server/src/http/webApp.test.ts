import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp, webAppFrameworkErrors } from './webApp.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let dist = '';
let app: FastifyInstance;

beforeAll(async () => {
  // A build as Vite and its precompress plugin leave it: hashed assets with their .br and .gz.
  dist = mkdtempSync(join(tmpdir(), 'sitelens-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Sitelens</title>');
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js'), script);
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js.gz'), gzipSync(script));
  writeFileSync(join(dist, 'assets', 'app-3f2a1b.js.br'), brotliCompressSync(script));
  app = Fastify({ frameworkErrors: webAppFrameworkErrors(dist) });
  await registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers a page whose address cannot be decoded with the app (its not-found screen), not a raw JSON error', async () => {
    const page = await app.inject({ url: '/embeded/%ZZ', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Sitelens</title>');
    const api = await app.inject({ url: '/api/%ZZ', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'FST_ERR_BAD_URL' });
  });

  it('sends hashed assets compressed as the browser accepts, cached for a year', async () => {
    const br = await app.inject({ url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ url: '/assets/app-3f2a1b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers client routes with index.html, checked on every visit, and unknown assets with 404', async () => {
    const route = await app.inject({ url: '/counting/12' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(route.body).toContain('<title>Sitelens</title>');
    expect((await app.inject({ url: '/assets/missing-1234.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/unknown' })).statusCode).toBe(404);
  });
});
