import { afterEach, describe, expect, it, vi } from 'vitest';

/** A token whose claims the store reads (exp in an hour); the signature is the server's business. */
function token(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + 3600, adminUserId: 1 })}.sig`;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'sessionStorage');
  vi.resetModules();
});

describe('view-as store where the browser denies storage (the app framed by another site)', () => {
  it('loads, and keeps a view-as in memory for the page, without throwing', async () => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
      },
    });
    const { viewAsStore } = await import('./viewAsStore.ts');
    expect(viewAsStore.getState()).toBeNull();
    const t = token();
    viewAsStore.start(t, '/settings/user-management/7', 'en');
    expect(viewAsStore.getToken()).toBe(t);
    expect(viewAsStore.getState()?.returnTo).toBe('/settings/user-management/7');
    viewAsStore.clear();
    expect(viewAsStore.getState()).toBeNull();
  });
});
