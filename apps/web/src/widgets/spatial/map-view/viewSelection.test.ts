import { describe, expect, it } from 'vitest';
import { initialViewSelection, viewSelectionReducer as reduce } from './viewSelection.ts';

describe('viewSelectionReducer', () => {
  it('chooses the first view once the views are known, and only once', () => {
    const waiting = reduce(initialViewSelection, { type: 'loaded', viewIds: [] });
    expect(waiting.viewId).toBeNull();
    const first = reduce(waiting, { type: 'loaded', viewIds: ['a', 'b'] });
    expect(first).toEqual({ viewId: 'a', elementKey: null, started: true });
    const cleared = reduce(reduce(first, { type: 'pick', elementKey: 'zone:2' }), { type: 'clear' });
    // While a change is pending, a reload of the same views does not bring the first one back.
    expect(reduce(cleared, { type: 'loaded', viewIds: ['a', 'b'] })).toEqual({ viewId: null, elementKey: null, started: true });
    expect(reduce(cleared, { type: 'show', viewId: 'b' }).viewId).toBe('b');
  });

  it('clears the picked element on a change and toggles it on a second pick', () => {
    const picked = reduce({ viewId: 'a', elementKey: null, started: true }, { type: 'pick', elementKey: 'zone:2' });
    expect(picked.elementKey).toBe('zone:2');
    expect(reduce(picked, { type: 'pick', elementKey: 'zone:2' }).elementKey).toBeNull();
    expect(reduce(picked, { type: 'clear' }).elementKey).toBeNull();
  });

  it('falls back to the first view when the shown one disappears', () => {
    expect(reduce({ viewId: 'old', elementKey: 'zone:1', started: true }, { type: 'loaded', viewIds: ['x'] })).toEqual({ viewId: 'x', elementKey: null, started: true });
  });
});
