import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToast, MAX_GENERIC_TOASTS, removeToast, type Toast } from './toastQueue.ts';

const generic = (id: string): Toast => ({ id, text: id, type: 'info', generic: true });
const error = (id: string): Toast => ({ id, text: id, type: 'error' });
const success = (id: string): Toast => ({ id, text: id, type: 'success' });
const ids = (list: Toast[]): string[] => list.map((t) => t.id);
const build = (...toasts: Toast[]): Toast[] => toasts.reduce<Toast[]>(addToast, []);

describe('addToast and removeToast', () => {
  it.each([
    ['appends in order', build(error('a')), success('b'), ['a', 'b']],
    ['five generic fit', build(...['1', '2', '3', '4'].map(generic)), generic('5'), ['1', '2', '3', '4', '5']],
    ['a sixth generic drops the oldest generic', build(...['1', '2', '3', '4', '5'].map(generic)), generic('6'), ['2', '3', '4', '5', '6']],
    [
      'errors are kept while generic ones rotate',
      build(error('e'), ...['1', '2', '3', '4', '5'].map(generic)),
      generic('6'),
      ['e', '2', '3', '4', '5', '6'],
    ],
    ['errors and successes are not capped', build(...['1', '2', '3', '4', '5', '6'].map(error)), success('7'), ['1', '2', '3', '4', '5', '6', '7']],
    ['non-generic beside five generic', build(...['1', '2', '3', '4', '5'].map(generic)), error('e'), ['1', '2', '3', '4', '5', 'e']],
    ['same id replaces and moves to the end', build(error('a'), error('b')), success('a'), ['b', 'a']],
  ])('%s', (_label, list, toast, expected) => {
    expect(ids(addToast(list, toast))).toEqual(expected);
  });

  it.each([
    ['removes by id', build(error('a'), generic('b')), 'a', ['b']],
    ['unknown id changes nothing', build(error('a')), 'z', ['a']],
  ])('%s', (_label, list, id, expected) => {
    expect(ids(removeToast(list, id))).toEqual(expected);
  });

  it('does not mutate the list it is given', () => {
    const list = build(...['1', '2', '3', '4', '5'].map(generic));
    addToast(list, generic('6'));
    expect(ids(list)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('toast queue properties', () => {
  const action = fc.oneof(
    fc.record({
      kind: fc.constant('add' as const),
      toast: fc.record({
        id: fc.stringMatching(/^[a-h]$/),
        text: fc.constant('t'),
        type: fc.constantFrom('error' as const, 'success' as const, 'info' as const),
        generic: fc.boolean(),
      }),
    }),
    fc.record({ kind: fc.constant('remove' as const), id: fc.stringMatching(/^[a-h]$/) }),
  );

  it('never shows more than five generic toasts, keeps ids unique and shows the newest toast', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        let list: Toast[] = [];
        for (const a of actions) {
          list = a.kind === 'add' ? addToast(list, a.toast) : removeToast(list, a.id);
          if (a.kind === 'add') expect(list.at(-1)).toEqual(a.toast);
          expect(list.filter((t) => t.generic).length).toBeLessThanOrEqual(MAX_GENERIC_TOASTS);
          expect(new Set(ids(list)).size).toBe(list.length);
        }
      }),
    );
  });
});
