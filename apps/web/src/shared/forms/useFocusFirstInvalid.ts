import { useEffect, useRef, useState } from 'react';

/**
 * A field with an error (Mantine marks its input aria-invalid; a PasswordInput's only data-invalid),
 * or a group of controls with one (data-invalid-group).
 */
const INVALID = '[aria-invalid="true"], input[data-invalid="true"], [data-invalid-group]';
const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), button:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

/** Focuses the first field in `root` (in page order) that shows an error; false when none does. */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const first = root?.querySelector<HTMLElement>(INVALID);
  if (!first) return false;
  const target = first.matches('[data-invalid-group]') ? first.querySelector<HTMLElement>(FOCUSABLE) : first;
  (target ?? first).focus();
  return true;
}

/**
 * After a refused Save: once the errors are on screen (the next render), focus moves to the first
 * invalid field, so a keyboard or screen-reader user lands on what to mend. `ref` goes on the fields' container.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalid(ref.current);
  }, [request]);
  return { ref, focusFirstInvalid: () => setRequest((n) => n + 1) };
}
