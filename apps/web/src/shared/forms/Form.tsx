import type { ReactNode } from 'react';

/** A form checked by the domain's rules (the browser's own checks are off): Enter or its submit button calls onSubmit, and the page never reloads. */
export function Form({ onSubmit, label, testId, children }: { onSubmit(): void; label?: string; testId?: string; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </form>
  );
}
