import { Group, PinInput } from '@mantine/core';
import { OTP_CODE_LENGTH } from '@sitelens/domain';

interface CodeInputProps {
  /** The input's accessible name (the boxes have no visible label). */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Called with the whole code once its last digit is typed or pasted. */
  onComplete(value: string): void;
  testId: string;
  length?: number;
  disabled?: boolean;
  error?: boolean;
  autoFocus?: boolean;
  centered?: boolean;
}

/**
 * A one-time code in one box a digit (sign-in, two-factor set-up, phone check): digits only, offered
 * by the phone's keyboard from a text message, and read left to right in every language.
 */
export function CodeInput({ label, value, onChange, onComplete, testId, length = OTP_CODE_LENGTH, disabled, error, autoFocus, centered }: CodeInputProps) {
  return (
    <Group dir="ltr" justify={centered ? 'center' : 'flex-start'}>
      <PinInput
        length={length}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        value={value}
        disabled={disabled}
        error={error}
        onChange={onChange}
        onComplete={onComplete}
        aria-label={label}
        data-testid={testId}
      />
    </Group>
  );
}
