import { useEffect, useState } from 'react';
import type { Box } from './cardPlacement.ts';

/** How long a step waits for its element (a page loading, the filter editor opening). */
const WAIT_MS = 8000;
const PADDING = 6;
/** Room between the fixed header and the top of a tall element, more than the highlight's margin. */
const HEADER_GAP = 12;

export type AnchorState = { status: 'waiting' } | { status: 'missing' } | { status: 'found'; box: Box };

/**
 * A tall element shows its top, just below the fixed header (which would cover it otherwise: the
 * widgets step showed the middle of the first widget); a short one comes to the middle of the screen.
 * The margin is in the element's own CSS pixels, like the header's height, so the small-screen zoom
 * scales both alike.
 */
function scrollIntoSight(el: HTMLElement, tall: boolean): void {
  if (!tall) {
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    return;
  }
  const before = el.style.scrollMarginTop;
  el.style.scrollMarginTop = `calc(var(--app-shell-header-offset, 0px) + ${HEADER_GAP}px)`;
  el.scrollIntoView({ block: 'start', inline: 'nearest' });
  el.style.scrollMarginTop = before;
}

const same = (a: Box, b: Box) => a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height;

/**
 * The on-screen box of the element marked data-tutorial="<name>", followed as the page scrolls,
 * resizes or animates; 'missing' when it does not appear in time (the step then shows centred).
 */
export function useTutorialAnchor(name: string | null): AnchorState {
  const [state, setState] = useState<AnchorState>({ status: 'waiting' });
  useEffect(() => {
    if (!name) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'waiting' });
    const started = performance.now();
    let frame = 0;
    let scrolled = false;
    let last: Box | null = null;
    const tick = () => {
      const el = document.querySelector<HTMLElement>(`[data-tutorial="${name}"]`);
      const rect = el?.getBoundingClientRect();
      if (!el || !rect || rect.width === 0 || rect.height === 0) {
        if (performance.now() - started > WAIT_MS) {
          setState({ status: 'missing' });
          return;
        }
      } else {
        if (!scrolled) {
          scrolled = true;
          scrollIntoSight(el, rect.height > window.innerHeight * 0.6);
        }
        const box = { top: rect.top - PADDING, left: rect.left - PADDING, width: rect.width + 2 * PADDING, height: rect.height + 2 * PADDING };
        if (!last || !same(last, box)) {
          last = box;
          setState({ status: 'found', box });
        }
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [name]);
  return state;
}
