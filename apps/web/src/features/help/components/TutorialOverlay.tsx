import { useLayoutEffect, useState } from 'react';
import { Portal, useDirection } from '@mantine/core';
import { type TutorialState, currentTutorialStep } from '@sitelens/domain';
import { smallScreenZoom } from '../../../shared/layout/useSmallScreenScale.ts';
import { placeCard } from '../hooks/cardPlacement.ts';
import { useTutorialAnchor } from '../hooks/useTutorialAnchor.ts';
import { useTutorialRoute } from '../hooks/useTutorialRoute.ts';
import { TUTORIAL_CARD_WIDTH, TutorialCard, useStepAnnouncement } from './TutorialCard.tsx';

type Shown = Exclude<TutorialState, { phase: 'idle' | 'finished' }>;

const DIM = 'rgba(15, 23, 42, 0.55)';

/**
 * When the tour closes the keyboard goes back where it was before it opened; when that element is
 * gone (the tour changes page: the help centre's replay button is no longer there), to the page's
 * main content, so that Tab goes on from the page and not from the top of the document.
 */
function useFocusBackAfterTour(): void {
  useLayoutEffect(() => {
    // Layout effects run before the card's focus moves into it (a passive effect).
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      const target = before?.isConnected ? before : document.getElementById('main');
      target?.focus({ preventScroll: true });
    };
  }, []);
}

/** The tour on screen: the page dimmed except the element of the step, and the card beside it. */
export function TutorialOverlay({ state, sitePath }: { state: Shown; sitePath: string | null }) {
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const step = currentTutorialStep(state);
  useTutorialRoute(step, sitePath);
  const anchor = useTutorialAnchor(step);
  const box = step && anchor.status === 'found' ? anchor.box : null;
  useFocusBackAfterTour();
  const announced = useStepAnnouncement(state);
  const [cardHeight, setCardHeight] = useState(220);
  const [cardWidth, setCardWidth] = useState(TUTORIAL_CARD_WIDTH);
  const [view, setView] = useState({ width: window.innerWidth, height: window.innerHeight });
  useLayoutEffect(() => {
    const onResize = () => setView({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // The card lives in a portal outside the zoomed #root: it takes the app's zoom itself, so that at
  // 1024 px it reads at the size of the page around it. Its box and the highlight's are on screen.
  const zoom = smallScreenZoom(view.width);
  // While a step's element is on its way (a page loading), the card waits for it.
  const waiting = step !== null && anchor.status === 'waiting';
  // The card's size changes with its text: it is measured on screen (zoom included) to keep it there.
  // Held as state, not a ref: the portal attaches the card after this component's effects have run.
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!card) return;
    const measure = () => {
      const { width, height } = card.getBoundingClientRect();
      setCardWidth(width);
      setCardHeight(height);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(card);
    return () => observer.disconnect();
  }, [card, zoom]); // a new zoom leaves the card's own size, which the observer watches, alone
  const onScreen = placeCard(box, { width: cardWidth, height: cardHeight }, view, rtl);
  const position = { top: onScreen.top / zoom, left: onScreen.left / zoom, zoom };

  return (
    <Portal>
      {/* Clicks outside the card do nothing while the tour runs. */}
      <div data-testid="tutorial-backdrop" style={{ position: 'fixed', inset: 0, zIndex: 400, background: box ? 'transparent' : DIM }} />
      {box && (
        <div
          data-testid="tutorial-spotlight"
          aria-hidden="true"
          style={{
            position: 'fixed',
            top: box.top,
            left: box.left,
            width: box.width,
            height: box.height,
            // On screen like its box: the corner and the outline take the app's zoom as well.
            borderRadius: 10 * zoom,
            boxShadow: `0 0 0 200vmax ${DIM}`,
            outline: `${3 * zoom}px solid var(--mantine-color-blue-5)`,
            zIndex: 401,
            pointerEvents: 'none',
            transition: 'top 150ms, left 150ms, width 150ms, height 150ms',
          }}
        />
      )}
      {!waiting && <TutorialCard state={state} rtl={rtl} position={position} cardRef={setCard} announced={announced} />}
    </Portal>
  );
}
