import { useState, type FormEvent } from 'react';
import { ApolloError, useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorKey, fieldErrorOf } from '../../shared/api/fieldError.ts';
import { PasswordFields } from '../../shared/forms/PasswordFields.tsx';
import { usePasswordPair } from '../../shared/forms/usePasswordPair.ts';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { ForgotPasswordForm } from './components/ForgotPasswordForm.tsx';
import { PASSWORD_RESET_LINK_STATUS, RESET_PASSWORD } from './graphql/signin.ts';

/**
 * The page of the e-mailed link: the link is checked first (issue 29.19), so a used or expired one
 * says so at once with a way to ask for a new one; a live one asks for the new password and its
 * confirmation, under the shared policy.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery(PASSWORD_RESET_LINK_STATUS, { variables: { token }, skip: !token, fetchPolicy: 'no-cache' });
  const linkState = !token ? 'EXPIRED' : status.data?.passwordResetLinkStatus;
  const pair = usePasswordPair();
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reset, { loading }] = useMutation(RESET_PASSWORD);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (!pair.valid) return;
    try {
      await reset({ variables: { token, password: pair.password, passwordConfirmation: pair.confirmation } });
      setDone(true);
    } catch (error) {
      const field = fieldErrorOf(error);
      const code = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions?.code : undefined;
      setFailure(field ? t(fieldErrorKey(field)) : code === 'RESET_TOKEN_INVALID' || code === 'RATE_LIMITED' ? t(`errors.${code}`) : t('errors.common'));
    }
  };

  if (token && status.loading) return <SectionLoader />;
  if (!done && (linkState === 'USED' || linkState === 'EXPIRED')) {
    return (
      <>
        <PageHeader title={t('resetPassword.title')} />
        <Paper withBorder radius="md" p="lg" maw={480}>
          <Stack>
            <Alert color="orange" role="alert" data-testid="reset-link-dead">
              {linkState === 'USED' ? t('resetPassword.linkUsed') : t('resetPassword.linkExpired')}
            </Alert>
            <Text fw={600}>{t('resetPassword.askNew')}</Text>
            <ForgotPasswordForm initialEmail="" onBack={() => void navigate('/login')} />
          </Stack>
        </Paper>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('resetPassword.title')} />
      <Paper withBorder radius="md" p="lg" maw={480}>
        {done || status.error ? (
          <Stack>
            <Alert color={done ? 'green' : 'red'} role={done ? 'status' : 'alert'}>
              {done ? t('resetPassword.done') : status.error?.graphQLErrors[0]?.extensions?.code === 'RATE_LIMITED' ? t('errors.RATE_LIMITED') : t('errors.common')}
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
                {...pair.fields}
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
