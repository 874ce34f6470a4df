import { describe, expect, it } from 'vitest';
import { perContext } from './perContext.ts';

describe('perContext', () => {
  it('makes one value per context, on first use', () => {
    let made = 0;
    const loaderOf = perContext((ctx: { id: number }) => ({ of: ctx.id, n: ++made }));
    const a = { id: 1 };
    const b = { id: 2 };
    expect(loaderOf(a)).toBe(loaderOf(a));
    expect(loaderOf(b)).toEqual({ of: 2, n: 2 });
    expect(made).toBe(2);
  });

  it('keeps its values out of sight: a copy of a context starts without them, and the context reads as before', () => {
    const loaderOf = perContext((ctx: { id: number }) => ({ of: ctx }));
    const ctx = { id: 1 };
    const first = loaderOf(ctx);
    const copy = { ...ctx };
    expect(loaderOf(copy)).not.toBe(first);
    expect(loaderOf(copy).of).toBe(copy);
    expect(Object.keys(ctx)).toEqual(['id']);
    expect(JSON.stringify(ctx)).toBe('{"id":1}');
  });

  it('keeps two helpers apart on one context', () => {
    const one = perContext(() => 'one');
    const two = perContext(() => 'two');
    const ctx = {};
    expect([one(ctx), two(ctx), one(ctx)]).toEqual(['one', 'two', 'one']);
  });
});
