/**
 * Moving a widget by keyboard goes by its place in the page's order, not by where the widgets are
 * drawn: the grid holds widgets of very different heights and full-width ones alone on their row,
 * so "the widget below" or "to the right" is often none or several places away. Down and the way a
 * line reads (right, or left in right-to-left pages) take it one place later; up and the other way
 * one place earlier.
 */

export type MoveKeyAction = { kind: 'step'; step: -1 | 1 } | { kind: 'drop' } | { kind: 'cancel' };

/** What a key does to a picked-up widget; null for a key the move leaves alone (Tab…). */
export function moveKeyAction(key: string, rtl: boolean): MoveKeyAction | null {
  switch (key) {
    case 'ArrowDown':
      return { kind: 'step', step: 1 };
    case 'ArrowUp':
      return { kind: 'step', step: -1 };
    case 'ArrowRight':
      return { kind: 'step', step: rtl ? -1 : 1 };
    case 'ArrowLeft':
      return { kind: 'step', step: rtl ? 1 : -1 };
    case ' ':
    case 'Enter':
      return { kind: 'drop' };
    case 'Escape':
      return { kind: 'cancel' };
    default:
      return null;
  }
}

/** The place one step from `index` among `count`, or null past either end. */
export function steppedIndex(index: number, step: -1 | 1, count: number): number | null {
  const next = index + step;
  return next >= 0 && next < count ? next : null;
}

/** `items` with the one at `from` moved to `to` (both clamped to the list), the others keeping their order. */
export function reordered<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= items.length) return result;
  const target = Math.max(0, Math.min(items.length - 1, to));
  const [moved] = result.splice(from, 1);
  result.splice(target, 0, moved!);
  return result;
}
