import { useState, type FormEvent } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { passwordConfirmationError, passwordError } from '@sitelens/domain';
import { fieldErrorKey, fieldErrorOf } from '../../shared/api/fieldError.ts';
import { PasswordFields } from '../../shared/forms/PasswordFields.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { RESET_PASSWORD } from './graphql/signin.ts';

/** The page of the e-mailed link: a new password with its confirmation, under the shared policy. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reset, { loading }] = useMutation(RESET_PASSWORD);
  const passwordKey = passwordError(password);
  const confirmationKey = passwordConfirmationError(password, confirmation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (passwordKey || confirmationKey) return;
    try {
      await reset({ variables: { token, password, passwordConfirmation: confirmation } });
      setDone(true);
    } catch (error) {
      const field = fieldErrorOf(error);
      const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
      setFailure(field ? t(fieldErrorKey(field)) : code === 'RESET_TOKEN_INVALID' || code === 'RATE_LIMITED' ? t(`errors.${code}`) : t('errors.common'));
    }
  };

  return (
    <>
      <PageHeader title={t('resetPassword.title')} />
      <Paper withBorder radius="md" p="lg" maw={480}>
        {!token || done ? (
          <Stack>
            <Alert color={done ? 'green' : 'red'} role={done ? 'status' : 'alert'}>
              {done ? t('resetPassword.done') : t('errors.RESET_TOKEN_INVALID')}
            </Alert>
            <Anchor component={Link} to="/login">
              {t('resetPassword.toLogin')}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">{t('resetPassword.intro')}</Text>
              {failure && (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              )}
              <PasswordFields
                password={password}
                confirmation={confirmation}
                onPasswordChange={setPassword}
                onConfirmationChange={setConfirmation}
                showErrors={submitted}
                labels={{ password: t('resetPassword.password'), confirmation: t('resetPassword.confirmation'), policy: t('resetPassword.policy') }}
              />
              <Button type="submit" loading={loading}>
                {t('resetPassword.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </>
  );
}
