import { useSyncExternalStore } from 'react';
import { TUTORIAL_IDLE, type TutorialAction, type TutorialState, type TutorialStepId, currentTutorialStep, tutorialReducer } from '@sitelens/domain';

/**
 * The guided tour's state, shared by the tour itself (features/help), the screens it points at
 * (the filter bar opens its editor for the date, day and zone steps) and the help centre's replay
 * button. The moves are the domain's tutorialReducer.
 */
let state: TutorialState = TUTORIAL_IDLE;
const listeners = new Set<() => void>();

export function dispatchTutorial(action: TutorialAction): void {
  const next = tutorialReducer(state, action);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const tutorialStore = {
  get: (): TutorialState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTutorialState(): TutorialState {
  return useSyncExternalStore(tutorialStore.subscribe, tutorialStore.get, tutorialStore.get);
}

/** The step the tour shows now, or null: screens use it to show what the step points at. */
export function useTutorialStep(): TutorialStepId | null {
  return currentTutorialStep(useTutorialState());
}
