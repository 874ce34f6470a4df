/** A step of what a starting process still does before it is ready for people (issue 33 item 7). */
export interface StartupStep {
  step: number;
  steps: number;
}

/**
 * Where a start stands: the server answers (the sign-in page first of all) while the demo
 * organization is built behind it, and /healthz says "starting" with the step until it is ready.
 */
export interface StartupProgress {
  current(): StartupStep | null;
  at(step: number, steps: number): void;
  done(): void;
}

export function createStartupProgress(): StartupProgress {
  let current: StartupStep | null = null;
  return {
    current: () => current,
    at: (step, steps) => void (current = { step, steps }),
    done: () => void (current = null),
  };
}
