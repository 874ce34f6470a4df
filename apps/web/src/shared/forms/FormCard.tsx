import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormCardProps {
  /** Called on Enter or the submit button; the page never reloads. */
  onSubmit(): void;
  /** The form's accessible name, as text or as the id of its visible title. */
  label?: string;
  labelledBy?: string;
  maw?: number;
  /** The browser's own checks stay off: the form shows the domain rules' translated errors instead. */
  browserValidation?: boolean;
  testId?: string;
  children: ReactNode;
}

/** A form in a bordered card, the way every editing screen lays one out. */
export function FormCard({ onSubmit, label, labelledBy, maw, browserValidation = false, testId, children }: FormCardProps) {
  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="lg"
      maw={maw}
      noValidate={!browserValidation}
      aria-label={label}
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}
