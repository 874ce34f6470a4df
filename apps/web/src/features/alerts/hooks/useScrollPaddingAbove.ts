import { type RefObject, useLayoutEffect } from 'react';

/** Between a focused field and the bar above which it is scrolled. */
const GAP_PX = 8;

/**
 * Keeps the page's scroll padding at the bottom equal to the room a sticky bar takes there (its
 * height and its distance from the window's bottom, both as the zoomed page shows them), so that a
 * field reached with Tab is scrolled above the bar, not under it (WCAG 2.4.11). Restored on unmount.
 */
export function useScrollPaddingAbove(bar: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const keep = () => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      // The bar lies in the zoomed app (small screens): its CSS lengths times the zoom are what the window shows.
      const zoom = rect.height / (parseFloat(style.height) || rect.height || 1);
      const room = rect.height + (parseFloat(style.bottom) || 0) * zoom + GAP_PX;
      root.style.scrollPaddingBottom = `${Math.ceil(room)}px`;
    };
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    observer.observe(root);
    // The cookie notice's space moves the bar without resizing it: measured again when a field takes the focus.
    document.addEventListener('focusin', keep, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', keep, true);
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [bar]);
}
