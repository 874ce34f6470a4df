import { useState } from 'react';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Paper, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, userEditability } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fullName } from '../../shared/caller/fullName.ts';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { useLanguageNames } from '../../shared/i18n/useLanguageNames.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { USER_ACCOUNT_STATES } from '../invitations/graphql.ts';
import { InviteUserModal } from '../invitations/InviteUserModal.tsx';
import { PendingInvitations } from '../invitations/PendingInvitations.tsx';
import { ALL_USERS } from './graphql/users.ts';

// Mantine cuts a badge's label to fit its cell ("ADMINISTRAT…"): these keep the whole word.
const wholeBadge = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * The organization's users (name, e-mail, role, profile, language, last sign-in, two-factor, status),
 * the pending invitations, and the "Invite user" form for those with organization.user edit.
 */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const { me, caller } = useCaller();
  const editable = userEditability(caller, { isSelf: false }) === 'EDITABLE';
  const [inviting, setInviting] = useState(false);
  const states = new Map((useQuery(USER_ACCOUNT_STATES).data?.allUsers ?? []).map((u) => [u.id, u]));
  const languageNames = useLanguageNames();
  const { data, error } = useQuery(ALL_USERS);
  const users = data?.allUsers;
  const format = userDateFormat(me.dateFormat);
  const tz = userTimeZone(me.timezone);

  return (
    <>
      <PageHeader
        title={t('settings.userManagement.title')}
        description={users ? t('settings.userManagement.count', { count: users.length }) : undefined}
        actions={
          editable && (
            <Button onClick={() => setInviting(true)} data-testid="invite-user">
              {t('invitations.invite.button')}
            </Button>
          )
        }
      />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
      <PendingInvitations editable={editable} />
      {!users && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {!users && !error && <Skeleton height={200} radius="md" />}
      {users && (
        <Paper withBorder radius="md">
          {/* Nine columns, fitting beside the sidebar from 1024 px (784 px); narrower, the table scrolls in its frame with its scrollbar shown, and the page does not. */}
          <Table.ScrollContainer minWidth={760} scrollAreaProps={{ type: 'auto' }}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.userManagement.name')}</Table.Th>
                <Table.Th>{t('settings.userManagement.email')}</Table.Th>
                <Table.Th>{t('settings.userManagement.role')}</Table.Th>
                <Table.Th>{t('settings.userManagement.profile')}</Table.Th>
                <Table.Th>{t('settings.userManagement.language')}</Table.Th>
                <Table.Th>{t('settings.userManagement.createdAt')}</Table.Th>
                <Table.Th>{t('invitations.columns.lastSignIn')}</Table.Th>
                <Table.Th>{t('invitations.columns.twoFactor')}</Table.Th>
                <Table.Th>{t('invitations.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => {
                const state = states.get(user.id);
                return (
                <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/settings/user-management/${user.id}/general`} size="sm" fw={500}>
                      {fullName(user)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      <bdi>{user.email}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {user.role === 'admin' ? (
                      <Badge variant="light" styles={wholeBadge}>
                        {t('settings.userManagement.roles.admin')}
                      </Badge>
                    ) : (
                      <Badge variant="light" color="gray" styles={wholeBadge}>
                        {t('settings.userManagement.roles.user')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.profile?.name ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{languageNames[user.lang as keyof typeof languageNames] ?? user.lang}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(Date.parse(user.createdAt), { format, tz })}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{state?.lastSignInAt ? formatDate(Date.parse(state.lastSignInAt), { format, tz, withTime: true }) : t('invitations.columns.never')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{state?.twoFactorEnabled ? t('invitations.columns.on') : t('invitations.columns.off')}</Text>
                  </Table.Td>
                  <Table.Td>
                    {state && (
                      <Badge variant="light" color={state.status === 'invited' ? 'orange' : 'green'} styles={wholeBadge}>
                        {state.status === 'invited' ? t('invitations.columns.invited') : t('invitations.columns.active')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
