/** The toast list as a pure reducer; the web app renders it, nothing else owns it. */
export interface Toast {
  id: string;
  text: string;
  type: 'error' | 'success' | 'info';
  /** Generic toasts share a cap; error and success toasts raised by a feature do not. */
  generic?: boolean;
}

export const MAX_GENERIC_TOASTS = 5;

/**
 * Appends a toast. A toast with an id already shown replaces it, so ids stay unique.
 * When generic toasts exceed the cap, the oldest generic ones leave first.
 */
export function addToast(list: readonly Toast[], toast: Toast): Toast[] {
  const next = [...removeToast(list, toast.id), toast];
  let excess = next.filter((t) => t.generic).length - MAX_GENERIC_TOASTS;
  if (excess <= 0) return next;
  return next.filter((t) => !(t.generic && excess-- > 0));
}

export function removeToast(list: readonly Toast[], id: string): Toast[] {
  return list.filter((t) => t.id !== id);
}
