import { useEffect, useState } from 'react';
import type { Box } from './cardPlacement.ts';

/** How long a step waits for its element (a page loading, the filter editor opening). */
const WAIT_MS = 8000;
const PADDING = 6;

export type AnchorState = { status: 'waiting' } | { status: 'missing' } | { status: 'found'; box: Box };

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
          // A tall element shows its top; a short one comes to the middle of the screen.
          el.scrollIntoView({ block: rect.height > window.innerHeight * 0.6 ? 'start' : 'center', inline: 'nearest' });
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
