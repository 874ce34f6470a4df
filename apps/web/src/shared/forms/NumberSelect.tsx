import { Select } from '@mantine/core';

interface NumberSelectProps {
  label: string;
  /** The choices in order, each a number and its words (a granularity, a weekday, an hour). */
  options: readonly { value: number; label: string }[];
  value: number;
  onChange(value: number): void;
  testId: string;
  error?: string;
}

/** A required choice among numbers: one is always chosen, and the form keeps a number, not its text. */
export function NumberSelect({ label, options, value, onChange, testId, error }: NumberSelectProps) {
  return (
    <Select
      label={label}
      required
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={String(value)}
      onChange={(v) => v && onChange(Number(v))}
      allowDeselect={false}
      error={error}
      data-testid={testId}
    />
  );
}
