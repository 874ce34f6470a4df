import { useLayoutEffect, useRef } from 'react';

/**
 * A removed item of a list takes its controls with it: the keyboard goes to the control (`item`, a
 * selector inside `root`) of the item now in its place, else of the one before it, or to `fallback`
 * once none is left; never back to the page. `changed` is what a removal changes (a count, a key).
 * Call `removing(index)` as an item is removed.
 */
export function useFocusAfterRemoval<T extends HTMLElement = HTMLDivElement>(changed: unknown, item: string, fallback?: (root: T | null) => HTMLElement | null | undefined) {
  const root = useRef<T>(null);
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const items = root.current?.querySelectorAll<HTMLElement>(item) ?? [];
    (items[Math.min(index, items.length - 1)] ?? fallback?.(root.current))?.focus();
    // Only a change of `changed` is a removal done; the item and fallback are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed]);
  return {
    root,
    removing: (index: number) => {
      pending.current = index;
    },
  };
}
