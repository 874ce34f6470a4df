import { useState, type FormEvent } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailError } from '@sitelens/domain';
import { REQUEST_PASSWORD_RESET } from '../graphql/signin.ts';

/** "Forgot password": the same answer whether the address has an account or not. */
export function ForgotPasswordForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const [limited, setLimited] = useState(false);
  const [request, { loading }] = useMutation(REQUEST_PASSWORD_RESET);
  const emailKey = emailError(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (emailKey) return;
    try {
      await request({ variables: { email: email.trim() } });
      setSent(true);
    } catch (error) {
      setLimited(error instanceof ApolloError && error.graphQLErrors[0]?.extensions?.code === 'RATE_LIMITED');
    }
  };

  return (
    <Stack gap="md">
      {sent ? (
        <Alert color="green" role="status">
          {t('login.forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('login.forgot.intro')}</Text>
            {limited && (
              <Alert color="red" role="alert">
                {t('errors.RATE_LIMITED')}
              </Alert>
            )}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={submitted && emailKey ? t(emailKey) : undefined}
              autoFocus
            />
            <Button type="submit" fullWidth loading={loading}>
              {t('login.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        {t('login.forgot.back')}
      </Anchor>
    </Stack>
  );
}
