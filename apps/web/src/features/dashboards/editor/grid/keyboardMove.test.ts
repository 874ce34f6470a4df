import { describe, expect, it } from 'vitest';
import { moveKeyAction, reordered, steppedIndex } from './keyboardMove.ts';

describe('moveKeyAction', () => {
  it('takes the widget one place later with ArrowDown and ArrowRight, earlier with ArrowUp and ArrowLeft', () => {
    expect(moveKeyAction('ArrowDown', false)).toEqual({ kind: 'step', step: 1 });
    expect(moveKeyAction('ArrowRight', false)).toEqual({ kind: 'step', step: 1 });
    expect(moveKeyAction('ArrowUp', false)).toEqual({ kind: 'step', step: -1 });
    expect(moveKeyAction('ArrowLeft', false)).toEqual({ kind: 'step', step: -1 });
  });

  it('mirrors left and right in right-to-left pages, not up and down', () => {
    expect(moveKeyAction('ArrowLeft', true)).toEqual({ kind: 'step', step: 1 });
    expect(moveKeyAction('ArrowRight', true)).toEqual({ kind: 'step', step: -1 });
    expect(moveKeyAction('ArrowDown', true)).toEqual({ kind: 'step', step: 1 });
    expect(moveKeyAction('ArrowUp', true)).toEqual({ kind: 'step', step: -1 });
  });

  it('drops with Space or Enter, cancels with Escape, leaves other keys alone', () => {
    expect(moveKeyAction(' ', false)).toEqual({ kind: 'drop' });
    expect(moveKeyAction('Enter', true)).toEqual({ kind: 'drop' });
    expect(moveKeyAction('Escape', false)).toEqual({ kind: 'cancel' });
    expect(moveKeyAction('Tab', false)).toBeNull();
    expect(moveKeyAction('a', false)).toBeNull();
  });
});

describe('steppedIndex', () => {
  it('moves one place whatever the widgets around it', () => {
    expect(steppedIndex(0, 1, 16)).toBe(1);
    expect(steppedIndex(5, -1, 16)).toBe(4);
  });

  it('stops at both ends', () => {
    expect(steppedIndex(0, -1, 16)).toBeNull();
    expect(steppedIndex(15, 1, 16)).toBeNull();
    expect(steppedIndex(0, 1, 1)).toBeNull();
  });

  it('two steps down from the first place end at the third', () => {
    let index = 0;
    for (let i = 0; i < 2; i++) index = steppedIndex(index, 1, 16) ?? index;
    expect(index).toBe(2);
  });
});

describe('reordered', () => {
  const items = ['Table', 'Line', 'Columns', 'Alert log'];

  it('moves one item and keeps the others in order', () => {
    expect(reordered(items, 0, 2)).toEqual(['Line', 'Columns', 'Table', 'Alert log']);
    expect(reordered(items, 3, 1)).toEqual(['Table', 'Alert log', 'Line', 'Columns']);
  });

  it('leaves the list as it was for the same place, and does not change its input', () => {
    expect(reordered(items, 1, 1)).toEqual(items);
    expect(items).toEqual(['Table', 'Line', 'Columns', 'Alert log']);
  });

  it('clamps the target and ignores a source outside the list', () => {
    expect(reordered(items, 0, 99)).toEqual(['Line', 'Columns', 'Alert log', 'Table']);
    expect(reordered(items, -1, 2)).toEqual(items);
  });
});
