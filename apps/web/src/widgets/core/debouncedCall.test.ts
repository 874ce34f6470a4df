import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedCall } from './debouncedCall.ts';

describe('debouncedCall', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes one call for a batch, a second after its last trigger', () => {
    const fn = vi.fn();
    const call = debouncedCall(fn, 1000, 5000);
    call.trigger();
    vi.advanceTimersByTime(600);
    call.trigger();
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('still calls within the longest wait when triggers never stop', () => {
    const fn = vi.fn();
    const call = debouncedCall(fn, 1000, 5000);
    for (let i = 0; i < 12; i++) {
      call.trigger();
      vi.advanceTimersByTime(500);
    }
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not call once cancelled', () => {
    const fn = vi.fn();
    const call = debouncedCall(fn, 1000, 5000);
    call.trigger();
    call.cancel();
    vi.advanceTimersByTime(10_000);
    expect(fn).not.toHaveBeenCalled();
  });
});
