import { type ApolloError, useMutation, useQuery } from '@apollo/client';
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@sitelens/domain';
import { userDateFormat, userTimeZone } from '../../../shared/caller/userDateFormat.ts';
import { errorText } from '../../../shared/api/errorText.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { ACCOUNT_SECURITY, END_MY_SESSION, REVOKE_TRUSTED_BROWSER, SIGN_OUT_EVERYWHERE } from '../graphql/security.ts';
import { SectionCard } from '../../../shared/layout/SectionCard.tsx';

/** Trusted browsers (revocable) and open sessions, with "sign out everywhere". */
export function SignInPlacesSection({ me }: { me: { dateFormat?: string | null; timezone?: string | null } }) {
  const { t } = useTranslation();
  const { data, refetch } = useQuery(ACCOUNT_SECURITY, { fetchPolicy: 'network-only' });
  // A refusal (an administrator viewing as this user) reads as one, in the reader's language.
  const onError = (error: ApolloError) => void showToast(errorText(error, t), 'error');
  const options = { onCompleted: () => void refetch(), onError };
  const [revokeBrowser] = useMutation(REVOKE_TRUSTED_BROWSER, options);
  const [endSession] = useMutation(END_MY_SESSION, options);
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

  return (
    <>
      <SectionCard title={t('profile.security.browsers.title')} titleId="trusted-title">
        {browsers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('profile.security.browsers.none')}
          </Text>
        ) : (
          <Table data-testid="trusted-browsers">
            <Table.Tbody>
              {browsers.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    {label(b.label)} {b.current && <Badge size="xs">{t('profile.security.thisBrowser')}</Badge>}
                  </Table.Td>
                  <Table.Td>{t('profile.security.browsers.lastUsed', { date: date(b.lastUsedAt) })}</Table.Td>
                  <Table.Td ta="end">
                    <Button size="xs" variant="subtle" color="red" onClick={() => void revokeBrowser({ variables: { id: b.id } })}>
                      {t('profile.security.browsers.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
      <Paper withBorder radius="md" p="lg" aria-labelledby="sessions-title">
        <Stack>
          <Group justify="space-between">
            <Title order={2} size="h4" id="sessions-title">
              {t('profile.security.sessions.title')}
            </Title>
            <Button size="xs" variant="light" color="red" loading={loading} disabled={sessions.length < 2} onClick={() => void everywhere()}>
              {t('profile.security.sessions.everywhere')}
            </Button>
          </Group>
          <Table data-testid="open-sessions">
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {label(s.label)} {s.current && <Badge size="xs">{t('profile.security.thisBrowser')}</Badge>}
                  </Table.Td>
                  <Table.Td>{t('profile.security.sessions.since', { date: date(s.createdAt) })}</Table.Td>
                  <Table.Td ta="end">
                    {!s.current && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => void endSession({ variables: { id: s.id } })}>
                        {t('profile.security.sessions.end')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
    </>
  );
}
