import { useLayoutEffect, useRef, useState } from 'react';
import { Portal, useDirection } from '@mantine/core';
import { type TutorialState, currentTutorialStep } from '@sitelens/domain';
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
  const cardRef = useRef<HTMLDivElement>(null);
  useFocusBackAfterTour();
  const announced = useStepAnnouncement(state);
  const [cardHeight, setCardHeight] = useState(220);
  const [view, setView] = useState({ width: window.innerWidth, height: window.innerHeight });
  useLayoutEffect(() => {
    const onResize = () => setView({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  // While a step's element is on its way (a page loading), the card waits for it.
  const waiting = step !== null && anchor.status === 'waiting';
  // The card's height changes with its text: it is measured to keep the card on screen.
  useLayoutEffect(() => {
    const card = cardRef.current;
    if (!card) return;
    const measure = () => setCardHeight(card.offsetHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(card);
    return () => observer.disconnect();
  }, [waiting]);
  const position = placeCard(box, { width: Math.min(TUTORIAL_CARD_WIDTH, view.width - 24), height: cardHeight }, view, rtl);

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
            borderRadius: 10,
            boxShadow: `0 0 0 200vmax ${DIM}`,
            outline: '3px solid var(--mantine-color-blue-5)',
            zIndex: 401,
            pointerEvents: 'none',
            transition: 'top 150ms, left 150ms, width 150ms, height 150ms',
          }}
        />
      )}
      {!waiting && <TutorialCard state={state} rtl={rtl} position={position} cardRef={cardRef} announced={announced} />}
    </Portal>
  );
}
