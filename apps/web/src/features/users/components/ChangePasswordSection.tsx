import { useState, type FormEvent } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Button, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationError, passwordError } from '@sitelens/domain';
import { fieldErrorKey, fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { UPDATE_PASSWORD } from '../graphql/security.ts';

/** Change of the own password with the current one; the other sessions end (server side). */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<{ field: 'current' | 'next' | 'form'; text: string } | null>(null);
  const [update, { loading }] = useMutation(UPDATE_PASSWORD);
  const nextKey = passwordError(next);
  const confirmationKey = passwordConfirmationError(next, confirmation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!current || nextKey || confirmationKey) return;
    try {
      await update({ variables: { oldPassword: current, newPassword: next } });
      setCurrent('');
      setNext('');
      setConfirmation('');
      setSubmitted(false);
      showToast(t('profile.security.password.saved'), 'success');
    } catch (error) {
      const field = fieldErrorOf(error);
      const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
      if (field) setFailure({ field: 'next', text: t(fieldErrorKey(field)) });
      else if (code === 'WRONG_PASSWORD') setFailure({ field: 'current', text: t('errors.WRONG_PASSWORD') });
      else setFailure({ field: 'form', text: code === 'RATE_LIMITED' ? t('errors.RATE_LIMITED') : t('errors.common') });
    }
  };

  return (
    <Paper component="form" withBorder radius="md" p="lg" onSubmit={submit} noValidate aria-labelledby="password-title">
      <Stack>
        <Title order={2} size="h4" id="password-title">
          {t('profile.security.password.title')}
        </Title>
        {failure?.field === 'form' && (
          <Alert color="red" role="alert">
            {failure.text}
          </Alert>
        )}
        <PasswordInput
          label={t('profile.security.password.current')}
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={failure?.field === 'current' ? failure.text : submitted && !current ? t('errors.requiredField') : undefined}
        />
        <PasswordInput
          label={t('profile.security.password.new')}
          description={t('resetPassword.policy')}
          autoComplete="new-password"
          required
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          error={failure?.field === 'next' ? failure.text : submitted && nextKey ? t(nextKey) : undefined}
        />
        <PasswordInput
          label={t('profile.security.password.confirmation')}
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          error={submitted && confirmationKey ? t(confirmationKey) : undefined}
        />
        <Button type="submit" loading={loading} style={{ alignSelf: 'flex-start' }}>
          {t('profile.security.password.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
