/** The screen's one h1 (PageHeader): it takes focus when what had it is gone. */
export const pageHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('h1[data-page-heading]');

/** Whether focus has fallen to the page: nothing, the body, a removed element, or one just disabled. */
export function focusIsLost(active: Element | null = document.activeElement): boolean {
  return !active || active === document.body || !active.isConnected || active.matches(':disabled');
}

/** How long to wait: past Mantine's own return of focus to a closed modal's trigger (10 ms), and the re-render that removed it. */
const AFTER_MANTINE_MS = 40;

/**
 * Gives focus to `target` (the page's heading by default) if it was lost: a deleted row's button, a
 * closed dialog's, a Save button now disabled. Mantine's modals return focus to their trigger only
 * if it is still on the page; this runs after they tried, and leaves a focus they gave back alone.
 */
export function focusWhenLost(target: () => HTMLElement | null | undefined = pageHeading): void {
  window.setTimeout(() => {
    if (focusIsLost()) target()?.focus();
  }, AFTER_MANTINE_MS);
}
