import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TUTORIAL_IDLE,
  TUTORIAL_STEPS,
  type TutorialAction,
  type TutorialState,
  currentTutorialStep,
  tutorialReducer,
  tutorialSteps,
} from './tutorial.ts';

const run = (actions: TutorialAction[], from: TutorialState = TUTORIAL_IDLE) => actions.reduce(tutorialReducer, from);
const start: TutorialAction = { type: 'start', steps: TUTORIAL_STEPS };
const next: TutorialAction = { type: 'next' };
const back: TutorialAction = { type: 'back' };
const skip: TutorialAction = { type: 'skip' };

describe('tutorial steps', () => {
  it('are the spec’s eight in order, and keep to the sites screen without a site', () => {
    expect(tutorialSteps({ hasSites: true })).toEqual(['sidebar', 'sites', 'dashboard', 'filters', 'dates', 'days', 'zone', 'widgets']);
    expect(tutorialSteps({ hasSites: false })).toEqual(['sidebar', 'sites']);
  });
});

describe('tutorialReducer', () => {
  it('walks welcome, every step, completion, then finishes as completed', () => {
    let s = run([start]);
    expect(s.phase).toBe('welcome');
    const seen: Array<string | null> = [];
    for (let i = 0; i < TUTORIAL_STEPS.length; i += 1) {
      s = tutorialReducer(s, next);
      seen.push(currentTutorialStep(s));
    }
    expect(seen).toEqual([...TUTORIAL_STEPS]);
    s = tutorialReducer(s, next);
    expect(s.phase).toBe('done');
    expect(tutorialReducer(s, next)).toEqual({ phase: 'finished', outcome: 'completed' });
  });

  it('goes back step by step to the welcome, and from completion to the last step', () => {
    expect(currentTutorialStep(run([start, next, next, back]))).toBe('sidebar');
    expect(run([start, next, back]).phase).toBe('welcome');
    expect(run([start, next, back, back]).phase).toBe('welcome');
    const done = run([start, ...TUTORIAL_STEPS.map(() => next), next]);
    expect(currentTutorialStep(tutorialReducer(done, back))).toBe('widgets');
  });

  it('asks before skipping: cancel resumes the same step, confirm finishes as skipped', () => {
    const atDates = run([start, next, next, next, next, next]);
    expect(currentTutorialStep(atDates)).toBe('dates');
    const asking = tutorialReducer(atDates, skip);
    expect(asking.phase).toBe('confirmSkip');
    expect(currentTutorialStep(asking)).toBe('dates');
    expect(tutorialReducer(asking, next)).toBe(asking);
    expect(tutorialReducer(asking, { type: 'cancelSkip' })).toEqual(atDates);
    expect(tutorialReducer(asking, { type: 'confirmSkip' })).toEqual({ phase: 'finished', outcome: 'skipped' });
    expect(run([start, skip, { type: 'confirmSkip' }])).toEqual({ phase: 'finished', outcome: 'skipped' });
  });

  it('finishes as completed when closed from the completion screen', () => {
    const done = run([start, ...TUTORIAL_STEPS.map(() => next), next]);
    expect(tutorialReducer(done, skip)).toEqual({ phase: 'finished', outcome: 'completed' });
  });

  it('ignores a start while running, and can start again once finished', () => {
    const running = run([start, next]);
    expect(tutorialReducer(running, start)).toBe(running);
    const again = tutorialReducer({ phase: 'finished', outcome: 'skipped' }, start);
    expect(again.phase).toBe('welcome');
    expect(run([{ type: 'reset' }], running)).toEqual(TUTORIAL_IDLE);
  });

  it('with no step at all goes from welcome straight to completion', () => {
    expect(run([{ type: 'start', steps: [] }, next]).phase).toBe('done');
    expect(run([{ type: 'start', steps: [] }, next, back]).phase).toBe('welcome');
  });

  it('holds for any sequence of moves: a valid step, and finished only by a confirmed skip or the last next', () => {
    const action = fc.constantFrom<TutorialAction>(next, back, skip, { type: 'cancelSkip' }, { type: 'confirmSkip' });
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), fc.boolean(), (actions, hasSites) => {
        let s = tutorialReducer(TUTORIAL_IDLE, { type: 'start', steps: tutorialSteps({ hasSites }) });
        for (const a of actions) {
          const before = s;
          s = tutorialReducer(s, a);
          if (s.phase === 'step') expect(s.index).toBeGreaterThanOrEqual(0);
          if (s.phase === 'step') expect(s.index).toBeLessThan(s.steps.length);
          if (s.phase === 'finished' && before.phase !== 'finished') {
            const ok = (a.type === 'confirmSkip' && before.phase === 'confirmSkip') || (before.phase === 'done' && (a.type === 'next' || a.type === 'skip'));
            expect(ok).toBe(true);
            expect(s.outcome).toBe(before.phase === 'done' ? 'completed' : 'skipped');
          }
          if (before.phase === 'finished') expect(s).toBe(before);
        }
      }),
    );
  });
});
