import { useEffect, useId, useRef, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { Button, FocusTrap, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TutorialState } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { dispatchTutorial } from '../../../shared/tutorial/tutorialStore.ts';

type Shown = Exclude<TutorialState, { phase: 'idle' | 'finished' }>;

interface TutorialCardProps {
  state: Shown;
  rtl: boolean;
  /** In the card's own pixels, which `zoom` scales (the app's small-screen zoom). */
  position: { top: number; left: number; zoom: number };
  cardRef: Ref<HTMLDivElement>;
  /** The live region's text (useStepAnnouncement). */
  announced: string;
}

export const TUTORIAL_CARD_WIDTH = 360;

function texts(state: Shown, t: (key: string, o?: Record<string, unknown>) => string) {
  switch (state.phase) {
    case 'welcome':
      return { title: t('tutorial.welcome.title'), text: t('tutorial.welcome.text'), progress: null };
    case 'done':
      return { title: t('tutorial.done.title'), text: t('tutorial.done.text'), progress: null };
    case 'confirmSkip':
      return { title: t('tutorial.confirm.title'), text: t('tutorial.confirm.text'), progress: null };
    case 'step': {
      const step = state.steps[state.index]!;
      return {
        title: t(`tutorial.steps.${step}.title`),
        text: t(`tutorial.steps.${step}.text`),
        progress: t('tutorial.progress', { current: state.index + 1, total: state.steps.length }),
      };
    }
  }
}

const stateKey = (state: Shown) => (state.phase === 'step' ? `step-${state.index}` : state.phase);

/**
 * What a screen reader is told when the dialog shows a new text. Opening the dialog moves the focus
 * into it, which reads its name and description (the step count, then the text); the next texts
 * keep the focus on the same button, so they are said through a live region instead. Kept by the
 * overlay, which stays while the card waits for a step's element (the card then shows anew).
 */
export function useStepAnnouncement(state: Shown): string {
  const { t } = useTranslation();
  const key = stateKey(state);
  // The text of the key last shown; the first one is read by the focus, so it starts unsaid.
  const last = useRef({ key, announced: '' });
  if (last.current.key !== key) {
    const { title, text, progress } = texts(state, t);
    // Each part is said as a sentence of its own (a title has no full stop; "Skip the tour?" keeps its mark).
    const announced = [progress, title, text]
      .filter((part): part is string => Boolean(part))
      .map((part) => (/[.!?؟:…]$/.test(part) ? part : `${part}.`))
      .join(' ');
    // Only a new text is announced, as it shows: the same key keeps its words through re-renders.
    last.current = { key, announced };
  }
  return last.current.announced;
}

/**
 * The tour's dialog: one text and its buttons per phase. Focus stays inside it; Escape asks to
 * skip; the arrow keys go forward and back (mirrored in right-to-left).
 */
export function TutorialCard({ state, rtl, position, cardRef, announced }: TutorialCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const progressId = useId();
  const primary = useRef<HTMLButtonElement>(null);
  const { title, text, progress } = texts(state, t);
  const key = stateKey(state);
  // Each new text takes the focus to its main button, so the keyboard user goes on with Enter.
  useEffect(() => primary.current?.focus(), [key]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      dispatchTutorial({ type: state.phase === 'confirmSkip' ? 'cancelSkip' : 'skip' });
      return;
    }
    if (state.phase === 'confirmSkip' || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    const forward = (e.key === 'ArrowRight') !== rtl;
    dispatchTutorial({ type: forward ? 'next' : 'back' });
  };

  return (
    // FocusTrap puts its own ref on its child: the card's ref goes through innerRef, or it is never set.
    <FocusTrap active innerRef={cardRef}>
      <Paper
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={progress ? `${progressId} ${textId}` : textId}
        data-testid="tutorial"
        data-phase={state.phase}
        data-step={state.phase === 'step' ? state.steps[state.index] : undefined}
        onKeyDown={onKeyDown}
        shadow="xl"
        radius="md"
        p="lg"
        withBorder
        w={TUTORIAL_CARD_WIDTH}
        maw="calc(100vw - 24px)"
        style={{ position: 'fixed', top: position.top, left: position.left, zoom: position.zoom, zIndex: 402 }}
      >
        <Stack gap="sm">
          {progress && (
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" id={progressId}>
              {progress}
            </Text>
          )}
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" id={textId}>
            {text}
          </Text>
          <Buttons state={state} primary={primary} />
        </Stack>
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="tutorial-announcement">
          {announced}
        </VisuallyHidden>
      </Paper>
    </FocusTrap>
  );
}

function Buttons({ state, primary }: { state: Shown; primary: RefObject<HTMLButtonElement | null> }) {
  const { t } = useTranslation();
  const go = (type: 'next' | 'back' | 'skip' | 'cancelSkip' | 'confirmSkip') => () => dispatchTutorial({ type });
  if (state.phase === 'confirmSkip') {
    return (
      <Group justify="flex-end" gap="xs" mt="xs">
        <Button variant="default" onClick={go('cancelSkip')} ref={primary} data-autofocus>
          {t('tutorial.confirm.cancel')}
        </Button>
        <Button color="red" onClick={go('confirmSkip')} data-testid="tutorial-confirm-skip">
          {t('tutorial.confirm.skip')}
        </Button>
      </Group>
    );
  }
  const nextLabel = state.phase === 'welcome' ? t('tutorial.start') : state.phase === 'done' ? t('tutorial.finish') : t('tutorial.next');
  return (
    <Group justify="space-between" gap="xs" mt="xs" wrap="nowrap">
      {state.phase !== 'done' ? (
        <Button variant="subtle" color="gray" onClick={go('skip')} data-testid="tutorial-skip">
          {t('tutorial.skip')}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="xs" wrap="nowrap">
        {state.phase !== 'welcome' && (
          <Button variant="default" onClick={go('back')} data-testid="tutorial-back">
            {t('tutorial.back')}
          </Button>
        )}
        <Button onClick={go('next')} ref={primary} data-testid="tutorial-next" data-autofocus>
          {nextLabel}
        </Button>
      </Group>
    </Group>
  );
}
