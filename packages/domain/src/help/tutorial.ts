// The guided tour (spec 002 §2, §4): welcome, the steps on the real screens, a skip that asks for
// confirmation, and completion. Each step highlights the element marked data-tutorial="<step>".

export const TUTORIAL_STEPS = ['sidebar', 'sites', 'dashboard', 'filters', 'dates', 'days', 'zone', 'widgets'] as const;
export type TutorialStepId = (typeof TUTORIAL_STEPS)[number];

/** The screen a step is shown on: the sites overview, or the first site's page of widgets. */
export type TutorialScreen = 'sites' | 'site';

export const TUTORIAL_STEP_SCREENS: Readonly<Record<TutorialStepId, TutorialScreen>> = {
  sidebar: 'sites',
  sites: 'sites',
  dashboard: 'site',
  filters: 'site',
  dates: 'site',
  days: 'site',
  zone: 'site',
  widgets: 'site',
};

/** Steps that point inside the filter bar's editor, which must be open to be seen. */
export const TUTORIAL_FILTER_EDITOR_STEPS: ReadonlySet<TutorialStepId> = new Set(['dates', 'days', 'zone']);

/** The steps a user can be shown: without a site there is no site page to point at. */
export function tutorialSteps({ hasSites }: { hasSites: boolean }): TutorialStepId[] {
  return TUTORIAL_STEPS.filter((s) => hasSites || TUTORIAL_STEP_SCREENS[s] === 'sites');
}

export type TutorialOutcome = 'completed' | 'skipped';

export type TutorialState =
  | { phase: 'idle' }
  | { phase: 'welcome'; steps: readonly TutorialStepId[] }
  | { phase: 'step'; steps: readonly TutorialStepId[]; index: number }
  | { phase: 'done'; steps: readonly TutorialStepId[] }
  | { phase: 'confirmSkip'; steps: readonly TutorialStepId[]; resume: Exclude<TutorialState, { phase: 'idle' | 'confirmSkip' | 'finished' }> }
  | { phase: 'finished'; outcome: TutorialOutcome };

export type TutorialAction =
  | { type: 'start'; steps: readonly TutorialStepId[] }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'skip' }
  | { type: 'cancelSkip' }
  | { type: 'confirmSkip' }
  | { type: 'reset' };

export const TUTORIAL_IDLE: TutorialState = { phase: 'idle' };

/**
 * One move of the tour. Next walks welcome → steps → completion → finished (completed); back walks
 * the other way and stops at welcome; skip asks first, and only its confirmation finishes
 * (skipped); from the completion screen skip simply finishes, as the tour was seen. Anything that
 * does not apply leaves the state as it is.
 */
export function tutorialReducer(state: TutorialState, action: TutorialAction): TutorialState {
  if (action.type === 'reset') return TUTORIAL_IDLE;
  if (action.type === 'start') {
    if (state.phase !== 'idle' && state.phase !== 'finished') return state;
    return { phase: 'welcome', steps: [...action.steps] };
  }
  switch (state.phase) {
    case 'idle':
    case 'finished':
      return state;
    case 'confirmSkip':
      if (action.type === 'confirmSkip') return { phase: 'finished', outcome: 'skipped' };
      if (action.type === 'cancelSkip') return state.resume;
      return state;
    case 'welcome':
      if (action.type === 'next') return state.steps.length ? { phase: 'step', steps: state.steps, index: 0 } : { phase: 'done', steps: state.steps };
      if (action.type === 'skip') return { phase: 'confirmSkip', steps: state.steps, resume: state };
      return state;
    case 'step':
      if (action.type === 'next') {
        return state.index + 1 < state.steps.length ? { ...state, index: state.index + 1 } : { phase: 'done', steps: state.steps };
      }
      if (action.type === 'back') return state.index > 0 ? { ...state, index: state.index - 1 } : { phase: 'welcome', steps: state.steps };
      if (action.type === 'skip') return { phase: 'confirmSkip', steps: state.steps, resume: state };
      return state;
    case 'done':
      if (action.type === 'next' || action.type === 'skip') return { phase: 'finished', outcome: 'completed' };
      if (action.type === 'back') return state.steps.length ? { phase: 'step', steps: state.steps, index: state.steps.length - 1 } : { phase: 'welcome', steps: state.steps };
      return state;
  }
}

/** The step on screen, if any (the confirmation keeps the step it interrupted behind it). */
export function currentTutorialStep(state: TutorialState): TutorialStepId | null {
  const shown = state.phase === 'confirmSkip' ? state.resume : state;
  return shown.phase === 'step' ? (shown.steps[shown.index] ?? null) : null;
}
