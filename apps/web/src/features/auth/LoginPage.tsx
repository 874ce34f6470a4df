import { useState, type FormEvent } from 'react';
import { useApolloClient, ApolloError } from '@apollo/client';
import { Alert, Anchor, Box, Button, Checkbox, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { emailError, passwordError } from '@sitelens/domain';
import { Logo } from '../../shared/layout/Logo.tsx';
import { usePageTitle } from '../../shared/hooks/usePageTitle.ts';
import { useFocusFirstInvalid } from '../../shared/forms/useFocusFirstInvalid.ts';
import { ForgotPasswordForm } from './components/ForgotPasswordForm.tsx';
import { LoginLanguageSelect } from './components/LoginLanguageSelect.tsx';
import { type OrganizationChoice, OrganizationStep, organizationsOf } from './components/OrganizationStep.tsx';
import { type OtpChallenge, OtpStep } from './components/OtpStep.tsx';
import { ProviderButtons } from './components/ProviderButtons.tsx';
import { ServerStartingNotice } from './components/ServerStartingNotice.tsx';
import { ssoReturnFrom } from './ssoReturn.ts';
import { LOGIN } from './graphql/auth.ts';
import { REGISTER_BROWSER } from './graphql/signin.ts';
import { useSession } from './hooks/useSession.ts';
import { loginErrorText } from './loginErrorText.ts';
import { rememberEmail, rememberedEmail } from './rememberedEmail.ts';
import { returnPathFrom } from './returnPath.ts';
import { sessionStore } from './sessionStore.ts';
import classes from './LoginPage.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState(rememberedEmail);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(() => rememberedEmail() !== '');
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Back from a single sign-on provider: its error, or its two-factor step.
  const [ssoReturn] = useState(() => ssoReturnFrom(location.search));
  const [serverError, setServerError] = useState<string | null>(() => (ssoReturn.error ? loginErrorText(ssoReturn.error, t) : null));
  // Auth state 2FA: the password was right and a code is on its way.
  const [challenge, setChallenge] = useState<OtpChallenge | null>(ssoReturn.challenge);
  const [forgot, setForgot] = useState(false);
  // Back from another step (forgot password, code): focus goes to the e-mail field instead of the page.
  const [returned, setReturned] = useState(false);
  const fields = useFocusFirstInvalid<HTMLFormElement>();
  // A user of several organizations picks one before the session starts (issue 28.3).
  const [choosing, setChoosing] = useState<{ token: string; organizations: OrganizationChoice[] } | null>(null);
  // "Forgot password?" is its own screen: its own heading and page title.
  const title = forgot && !challenge && !choosing ? t('login.forgot.title') : t('login.title');
  usePageTitle(title);

  const target = returnPathFrom(location.search);
  const backToSignIn = () => {
    setChallenge(null);
    setForgot(false);
    setReturned(true);
  };
  if (session.status === 'signedIn') return <Navigate to={target} replace />;

  const enter = async (token: string) => {
    const organizations = await organizationsOf(client, token);
    if (organizations.length > 1) {
      setChoosing({ token, organizations });
      return;
    }
    sessionStore.signIn(token);
    navigate(target, { replace: true });
  };
  const chosen = () => {
    sessionStore.signIn(choosing!.token);
    navigate(target, { replace: true });
  };

  const emailKey = emailError(email);
  const passwordKey = passwordError(password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (emailKey || passwordKey) return fields.focusFirstInvalid();
    setSubmitting(true);
    try {
      const trimmed = email.trim();
      const { data } = await client.query({
        query: LOGIN,
        variables: { email: trimmed, password, rememberMe },
        fetchPolicy: 'no-cache',
      });
      rememberEmail(rememberMe ? trimmed : null);
      await enter(data.login);
    } catch (error) {
      const extensions = error instanceof ApolloError ? error.graphQLErrors[0]?.extensions : undefined;
      const code = extensions?.code;
      if (code === 'LOGIN_OTP_REQUIRED') {
        rememberEmail(rememberMe ? email.trim() : null);
        setChallenge({
          otpContact: extensions?.otpContact === 'phone' || extensions?.otpContact === 'totp' ? extensions.otpContact : 'email',
          codeLength: typeof extensions?.codeLength === 'number' ? extensions.codeLength : 6,
          resendAfterSeconds: typeof extensions?.resendAfterSeconds === 'number' ? extensions.resendAfterSeconds : 60,
          codeSent: extensions?.codeSent !== false,
          liveCode: extensions?.liveCode !== false,
        });
        setSubmitting(false);
        return;
      }
      setServerError(loginErrorText(typeof code === 'string' ? code : undefined, t));
      setSubmitting(false);
    }
  };

  const signedInWithCode = async (token: string, trust: boolean) => {
    if (trust) await client.mutate({ mutation: REGISTER_BROWSER, context: { headers: { authorization: `Bearer ${token}` } } });
    await enter(token);
  };

  return (
    <Box className={classes.page}>
      <Group justify="flex-end" p="md" component="header">
        <LoginLanguageSelect />
      </Group>
      <Box component="main" id="main" className={classes.center}>
        <Paper withBorder shadow="md" radius="md" p="xl" className={classes.card}>
          <Stack gap="lg">
            <Group gap="sm" justify="center">
              <Logo size={44} />
              <Text className={classes.wordmark}>{t('app.name')}</Text>
            </Group>
            <div>
              <Title order={1} size="h2" ta="center">
                {title}
              </Title>
              <Text c="dimmed" size="sm" ta="center" mt={4}>
                {t('login.subtitle')}
              </Text>
            </div>
            <ServerStartingNotice />
            {session.notice === 'sessionExpired' && !serverError && (
              <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
                {t('errors.sessionExpired')}
              </Alert>
            )}
            {session.notice === 'viewAsEnded' && !serverError && (
              <Alert color="yellow" icon={<IconAlertCircle size={18} />} role="status" data-testid="view-as-ended">
                {t('viewAs.ended')}
              </Alert>
            )}
            {serverError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {serverError}
              </Alert>
            )}
            {choosing ? (
              <OrganizationStep token={choosing.token} organizations={choosing.organizations} onChosen={chosen} />
            ) : challenge ? (
              <OtpStep challenge={challenge} onSignedIn={signedInWithCode} onBack={backToSignIn} />
            ) : forgot ? (
              <ForgotPasswordForm initialEmail={email} onBack={backToSignIn} />
            ) : (
              <form ref={fields.ref} onSubmit={submit} noValidate>
                <Stack gap="md">
                  <TextInput
                    label={t('login.email')}
                    type="email"
                    autoComplete="username"
                    required
                    value={email}
                    onChange={(e) => setEmail(e.currentTarget.value)}
                    error={submitted && emailKey ? t(emailKey) : undefined}
                    data-autofocus
                    autoFocus={returned}
                  />
                  <PasswordInput
                    label={t('login.password')}
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                    error={submitted && passwordKey ? t(passwordKey) : undefined}
                    // Mantine's PasswordInput does not mark its input invalid for screen readers itself.
                    aria-invalid={submitted && passwordKey ? true : undefined}
                    visibilityToggleButtonProps={{ 'aria-label': t('login.showPassword') }}
                  />
                  <Group justify="space-between">
                    <Checkbox
                      label={t('login.rememberMe')}
                      checked={rememberMe}
                      onChange={(e) => setRememberMe(e.currentTarget.checked)}
                    />
                    <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)} data-testid="forgot-password-link">
                      {t('login.forgot.link')}
                    </Anchor>
                  </Group>
                  <Button type="submit" fullWidth size="md" loading={submitting}>
                    {t('login.submit')}
                  </Button>
                  <ProviderButtons returnPath={target} />
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
