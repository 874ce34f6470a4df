import { PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationError, passwordError } from '@sitelens/domain';

export interface PasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Show the rules' errors (after a submit, or once the field was left). */
  showErrors: boolean;
  labels: { password: string; confirmation: string; policy?: string };
  /** An error from outside (the server's) shown under the password. */
  passwordErrorText?: string | null;
}

/**
 * A new password and its confirmation under the shared policy (spec 000 §5): at least 8
 * characters with a digit and a symbol, and the confirmation equal to it. Used by the onboarding
 * wizard, the password-reset page and the profile's password change (with usePasswordPair).
 */
export function PasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, showErrors, labels, passwordErrorText }: PasswordFieldsProps) {
  const { t } = useTranslation();
  const passwordKey = passwordError(password);
  const confirmationKey = passwordConfirmationError(password, confirmation);
  return (
    <Stack gap="md">
      <PasswordInput
        label={labels.password}
        description={labels.policy}
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => onPasswordChange(e.currentTarget.value)}
        error={passwordErrorText ?? (showErrors && passwordKey ? t(passwordKey) : undefined)}
        data-testid="password-new"
      />
      <PasswordInput
        label={labels.confirmation}
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => onConfirmationChange(e.currentTarget.value)}
        error={showErrors && confirmationKey ? t(confirmationKey) : undefined}
        data-testid="password-confirmation"
      />
    </Stack>
  );
}
