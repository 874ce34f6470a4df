import { ApolloError, useMutation } from '@apollo/client';
import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorCodeOf, errorText } from '../../shared/api/errorText.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { CONFIRM_EMAIL_CHANGE, UNDO_EMAIL_CHANGE } from './graphql/contactChange.ts';

/**
 * The links of an e-mail change (issue 28 item 1), without sign-in: `confirm` from the new address,
 * `undo` from the old one. Opening the page changes nothing (a mail scanner may open every link);
 * the button does, once.
 */
export default function EmailLinkPage({ kind }: { kind: 'confirm' | 'undo' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [run, { data, error, loading }] = useMutation(kind === 'confirm' ? CONFIRM_EMAIL_CHANGE : UNDO_EMAIL_CHANGE);
  const words = kind === 'confirm' ? 'profile.confirmEmail' : 'profile.undoEmail';
  const email = data ? (data as Record<string, string | undefined>)[kind === 'confirm' ? 'confirmEmailChange' : 'undoEmailChange'] : undefined;
  const dead = !token || errorCodeOf(error) === 'EMAIL_LINK_INVALID';
  return (
    <Stack>
      <PageHeader title={t(`${words}.title`)} />
      {!email && !dead && (
        <Paper withBorder radius="md" p="lg" data-testid="email-link-question">
          <Text mb="md">{t(`${words}.question`)}</Text>
          {error && (
            <Alert color="red" mb="md" role="alert">
              {error.graphQLErrors[0]?.extensions?.reason ? t(String(error.graphQLErrors[0].extensions.reason)) : errorText(error instanceof ApolloError ? error : undefined, t)}
            </Alert>
          )}
          <Group>
            <Button loading={loading} onClick={() => void run({ variables: { token } }).catch(() => undefined)} data-testid="email-link-button">
              {t(`${words}.confirm`)}
            </Button>
          </Group>
        </Paper>
      )}
      {email && (
        <Alert color="green" data-testid="email-link-success">
          {t(`${words}.success`, { email })}
        </Alert>
      )}
      {dead && (
        <Alert color="red" data-testid="email-link-invalid">
          {t('profile.confirmEmail.invalid')}
        </Alert>
      )}
      <Anchor component={Link} to="/">
        {t('profile.confirmEmail.home')}
      </Anchor>
    </Stack>
  );
}
