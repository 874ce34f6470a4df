import { useEffect, useRef } from 'react';
import { Group, PinInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OTP_CODE_LENGTH } from '@sitelens/domain';

interface CodeInputProps {
  /** The code's accessible name (the boxes have no visible label); each box adds its position to it. */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Called with the whole code once its last digit is typed or pasted. */
  onComplete(value: string): void;
  testId: string;
  length?: number;
  disabled?: boolean;
  error?: boolean;
  /** Focus the first box when the code appears, and again when it is enabled after a check. */
  autoFocus?: boolean;
  centered?: boolean;
}

/**
 * A one-time code in one box a digit (sign-in, two-factor set-up, phone check): digits only, offered
 * by the phone's keyboard from a text message, and read left to right in every language.
 */
export function CodeInput({ label, value, onChange, onComplete, testId, length = OTP_CODE_LENGTH, disabled, error, autoFocus, centered }: CodeInputProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLInputElement>(null);
  // A refused code empties the boxes and enables them again: the keyboard goes back to the first one.
  useEffect(() => {
    if (autoFocus && !disabled) first.current?.focus();
  }, [autoFocus, disabled]);
  return (
    <Group dir="ltr" justify={centered ? 'center' : 'flex-start'}>
      <PinInput
        ref={first}
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
        ariaLabel={label}
        // Each box's own name, "One-time code, digit 1 of 6" (Mantine gives them all ariaLabel, in English by default);
        // in a modal, data-autofocus keeps its focus trap on the first box instead of the close button.
        getInputProps={(index) => ({
          'aria-label': t('common.codeDigit', { label, position: index + 1, total: length }),
          'data-autofocus': autoFocus && index === 0 ? true : undefined,
        })}
        data-testid={testId}
      />
    </Group>
  );
}
