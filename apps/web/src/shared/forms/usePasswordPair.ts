import { useState } from 'react';
import { passwordConfirmationError, passwordError } from '@sitelens/domain';
import type { PasswordFieldsProps } from './PasswordFields.tsx';

/**
 * A new password and its confirmation held by a form (the reset page, the profile's password
 * change): `fields` goes to PasswordFields, `valid` says whether the shared policy lets it be sent.
 */
export function usePasswordPair() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const fields: Pick<PasswordFieldsProps, 'password' | 'confirmation' | 'onPasswordChange' | 'onConfirmationChange'> = {
    password,
    confirmation,
    onPasswordChange: setPassword,
    onConfirmationChange: setConfirmation,
  };
  return {
    password,
    confirmation,
    valid: !passwordError(password) && !passwordConfirmationError(password, confirmation),
    clear: () => (setPassword(''), setConfirmation('')),
    fields,
  };
}
