import type { ReactNode } from 'react';
import { type ApolloError, useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { errorText } from '../../../shared/api/errorText.ts';
import { useFocusAfterRemoval } from '../../../shared/layout/useFocusAfterRemoval.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { ACCOUNT_SECURITY, END_MY_SESSION, REVOKE_TRUSTED_BROWSER, SIGN_OUT_EVERYWHERE } from '../graphql/security.ts';
import { SectionCard } from '../../../shared/layout/SectionCard.tsx';
import { SignInPlaceRow } from './SignInPlaceRow.tsx';

/** The list while it loads or when it could not be read: never an empty list that reads as "none". */
function ListState({ loading, error, children }: { loading: boolean; error: ApolloError | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  if (error)
    return (
      <Alert color="red" role="alert">
        {errorText(error, t)}
      </Alert>
    );
  if (loading) return <Loader size="sm" role="status" aria-label={t('common.loading')} />;
  return children;
}

/**
 * Trusted browsers (revocable) and open sessions, with "sign out everywhere". Each row's button names
 * its browser and date (a screen reader heard "Sign out" three times); once a row is gone the keyboard
 * goes to the next row's button, else to the list's title.
 */
export function SignInPlacesSection({ me }: { me: { dateFormat?: string | null; timezone?: string | null } }) {
  const { t } = useTranslation();
  const { data, loading: reading, error: readError, refetch } = useQuery(ACCOUNT_SECURITY, { fetchPolicy: 'network-only' });
  // A refusal (an administrator viewing as this user) reads as one, in the reader's language.
  const onError = (error: ApolloError) => void showToast(errorText(error, t), 'error');
  const done = (text: string) => () => {
    showToast(text, 'success');
    void refetch();
  };
  const [revokeBrowser] = useMutation(REVOKE_TRUSTED_BROWSER, { onCompleted: done(t('profile.security.browsers.revoked')), onError });
  const [endSession] = useMutation(END_MY_SESSION, { onCompleted: done(t('profile.security.sessions.ended')), onError });
  const [everywhere, { loading }] = useMutation(SIGN_OUT_EVERYWHERE, {
    onCompleted: (d) => {
      showToast(t('profile.security.sessions.endedOthers', { count: d.signOutEverywhere }), 'success');
      void refetch();
    },
    onError,
  });
  const date = (iso: string) => formatDate(Date.parse(iso), { format: userDateFormat(me.dateFormat), tz: userTimeZone(me.timezone), withTime: true });
  const label = (l: string) => l || t('profile.security.unknownBrowser');
  const browsers = data?.trustedBrowsers ?? [];
  const sessions = data?.mySessions ?? [];
  const firstRead = reading && !data;
  const titleOf = (id: string) => () => document.getElementById(id);
  const browserFocus = useFocusAfterRemoval<HTMLTableElement>(browsers.length, '[data-revoke-browser]', titleOf('trusted-title'));
  const sessionFocus = useFocusAfterRemoval<HTMLTableElement>(sessions.length, '[data-end-session]', titleOf('sessions-title'));

  return (
    <>
      <SectionCard title={t('profile.security.browsers.title')} titleId="trusted-title" titleFocusable>
        <ListState loading={firstRead} error={data ? undefined : readError}>
          {browsers.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('profile.security.browsers.none')}
            </Text>
          ) : (
            <Table data-testid="trusted-browsers" ref={browserFocus.root}>
              <Table.Tbody>
                {browsers.map((b, index) => (
                  <SignInPlaceRow
                    key={b.id}
                    label={label(b.label)}
                    current={b.current}
                    dated={t('profile.security.browsers.lastUsed', { date: date(b.lastUsedAt) })}
                    action={{
                      text: t('profile.security.browsers.revoke'),
                      name: t('profile.security.browsers.revokeOne', { browser: label(b.label), date: date(b.lastUsedAt) }),
                      marker: 'data-revoke-browser',
                      onClick: () => (browserFocus.removing(index), void revokeBrowser({ variables: { id: b.id } })),
                    }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          )}
        </ListState>
      </SectionCard>
      <Paper withBorder radius="md" p="lg" aria-labelledby="sessions-title">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4" id="sessions-title" tabIndex={-1}>
              {t('profile.security.sessions.title')}
            </Title>
            <Button size="xs" variant="light" color="red" loading={loading} disabled={sessions.length < 2} onClick={() => void everywhere()}>
              {t('profile.security.sessions.everywhere')}
            </Button>
          </Group>
          <ListState loading={firstRead} error={data ? undefined : readError}>
            <Table data-testid="open-sessions" ref={sessionFocus.root}>
              <Table.Tbody>
                {sessions.map((s) => (
                  <SignInPlaceRow
                    key={s.id}
                    label={label(s.label)}
                    current={s.current}
                    dated={t('profile.security.sessions.since', { date: date(s.createdAt) })}
                    // This session is signed out by the header's sign-out, not from the list.
                    action={
                      s.current
                        ? null
                        : {
                            text: t('profile.security.sessions.end'),
                            name: t('profile.security.sessions.endOne', { browser: label(s.label), date: date(s.createdAt) }),
                            marker: 'data-end-session',
                            onClick: () => (sessionFocus.removing(sessions.filter((o) => !o.current).indexOf(s)), void endSession({ variables: { id: s.id } })),
                          }
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </ListState>
        </Stack>
      </Paper>
    </>
  );
}
