import { useEffect, useRef } from 'react';

/**
 * A deleted widget takes its buttons with it: focus moves to the Edit button of the widget now in its
 * place (else the one before it), or to "Add a widget" once the page has none. `root` holds both.
 */
export function useFocusAfterDelete(widgetCount: number) {
  const root = useRef<HTMLDivElement>(null);
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const edits = root.current?.querySelectorAll<HTMLElement>('[data-testid="editor-widget-edit"]') ?? [];
    const next = edits[Math.min(index, edits.length - 1)] ?? root.current?.querySelector<HTMLElement>('[data-testid="editor-add-widget"]');
    next?.focus();
  }, [widgetCount]);
  return { root, deleting: (index: number) => (pending.current = index) };
}
