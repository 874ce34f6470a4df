import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEW_MAX_POLLS, RENEW_POLL_MS } from '@sitelens/domain';
import { createTokenRenewal, TOKEN_REFRESH_TIMED_OUT } from './tokenRenewal.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createTokenRenewal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one renewal for concurrent callers and hands its token to those waiting', async () => {
    const pending = deferred<string | null>();
    const renew = vi.fn(() => pending.promise);
    const renewal = createTokenRenewal({ renew, pollMs: RENEW_POLL_MS, maxPolls: RENEW_MAX_POLLS });

    const first = renewal.renew();
    const second = renewal.renew();
    const third = renewal.renew();
    expect(renewal.isRenewing()).toBe(true);

    await vi.advanceTimersByTimeAsync(1200);
    pending.resolve('new-token');
    await vi.advanceTimersByTimeAsync(500);

    await expect(first).resolves.toBe('new-token');
    await expect(second).resolves.toBe('new-token');
    await expect(third).resolves.toBe('new-token');
    expect(renew).toHaveBeenCalledTimes(1);
    expect(renewal.isRenewing()).toBe(false);
  });

  it('lets a waiter fail with "Token refresh timed out." after 10 polls of 500 ms', async () => {
    expect([RENEW_POLL_MS, RENEW_MAX_POLLS]).toEqual([500, 10]);
    const renewal = createTokenRenewal({ renew: () => new Promise(() => {}), pollMs: RENEW_POLL_MS, maxPolls: RENEW_MAX_POLLS });
    void renewal.renew();
    const waiter = renewal.renew();
    const outcome = waiter.then(
      () => 'resolved',
      (error: Error) => error.message,
    );

    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe(TOKEN_REFRESH_TIMED_OUT);
  });

  it('passes a null renewal (invalid session) to every caller', async () => {
    const pending = deferred<string | null>();
    const renewal = createTokenRenewal({ renew: () => pending.promise, pollMs: RENEW_POLL_MS, maxPolls: RENEW_MAX_POLLS });
    const first = renewal.renew();
    const second = renewal.renew();
    pending.resolve(null);
    await vi.advanceTimersByTimeAsync(500);
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBeNull();
  });

  it('passes a failed renewal to the waiters and starts afresh on the next call', async () => {
    const failing = deferred<string | null>();
    const renew = vi.fn<() => Promise<string | null>>().mockReturnValueOnce(failing.promise).mockResolvedValueOnce('again');
    const renewal = createTokenRenewal({ renew, pollMs: RENEW_POLL_MS, maxPolls: RENEW_MAX_POLLS });
    const first = renewal.renew();
    const second = renewal.renew().catch((error: Error) => error);
    failing.reject(new Error('network down'));
    await expect(first).rejects.toThrow('network down');
    await vi.advanceTimersByTimeAsync(500);
    await expect(second).resolves.toHaveProperty('message', 'network down');

    await expect(renewal.renew()).resolves.toBe('again');
    expect(renew).toHaveBeenCalledTimes(2);
  });
});
