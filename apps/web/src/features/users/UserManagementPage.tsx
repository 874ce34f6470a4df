import { useState } from 'react';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
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
import { SortableTh } from './components/SortableTh.tsx';
import { ALL_USERS } from './graphql/users.ts';
import { type SortDirection, type UserSortKey, USERS_PER_PAGE, userListView } from './userListView.ts';

// Mantine cuts a badge's label to fit its cell ("ADMINISTRAT…"): these keep the whole word.
const wholeBadge = { root: { overflow: 'visible', flexShrink: 0 }, label: { overflow: 'visible' } } as const;

/**
 * The organization's users (name, e-mail, role, profile, language, last sign-in, two-factor, status),
 * the pending invitations, and the "Invite user" form for those with organization.user edit.
 */
export default function UserManagementPage() {
  const { t, i18n } = useTranslation();
  const { me, caller } = useCaller();
  const editable = userEditability(caller, { isSelf: false }) === 'EDITABLE';
  const [inviting, setInviting] = useState(false);
  const states = new Map((useQuery(USER_ACCOUNT_STATES).data?.allUsers ?? []).map((u) => [u.id, u]));
  const languageNames = useLanguageNames();
  const { data, error } = useQuery(ALL_USERS);
  const users = data?.allUsers;
  const format = userDateFormat(me.dateFormat);
  const tz = userTimeZone(me.timezone);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ column: UserSortKey; direction: SortDirection }>({ column: 'name', direction: 'ascending' });
  const [page, setPage] = useState(1);
  const view = users && userListView(users, { query, sort: sort.column, direction: sort.direction, page, locale: i18n.language, lastSignInAt: (id) => states.get(id)?.lastSignInAt });
  // A second click on the sorted column turns its order; another column starts with what one looks for first (names A to Z, newest dates).
  const sortBy = (column: UserSortKey) => {
    setSort((s) => (s.column === column ? { column, direction: s.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: column === 'name' || column === 'email' ? 'ascending' : 'descending' }));
    setPage(1);
  };
  const sortable = { sort: sort.column, direction: sort.direction, onSort: sortBy };

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
      {users && view && (
        <>
        <Group justify="space-between" align="flex-end" mb="sm">
          <TextInput
            type="search"
            label={t('settings.userManagement.search')}
            placeholder={t('settings.userManagement.searchPlaceholder')}
            leftSection={<IconSearch size={14} aria-hidden="true" />}
            value={query}
            onChange={(e) => {
              setQuery(e.currentTarget.value);
              setPage(1);
            }}
            w={320}
            data-testid="user-search"
          />
          <Text size="sm" c="dimmed" role="status" data-testid="user-list-range">
            {view.matching === 0
              ? ''
              : t('settings.userManagement.range', { from: (view.page - 1) * USERS_PER_PAGE + 1, to: (view.page - 1) * USERS_PER_PAGE + view.rows.length, count: view.matching })}
          </Text>
        </Group>
        <Paper withBorder radius="md">
          {/* Nine columns, fitting beside the sidebar from 1024 px (784 px); narrower, the table scrolls in its frame with its scrollbar shown, and the page does not. */}
          <Table.ScrollContainer minWidth={760} scrollAreaProps={{ type: 'auto' }}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label={t('settings.userManagement.title')}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh column="name" label={t('settings.userManagement.name')} {...sortable} />
                <SortableTh column="email" label={t('settings.userManagement.email')} {...sortable} />
                <Table.Th>{t('settings.userManagement.role')}</Table.Th>
                <Table.Th>{t('settings.userManagement.profile')}</Table.Th>
                <Table.Th>{t('settings.userManagement.language')}</Table.Th>
                <SortableTh column="createdAt" label={t('settings.userManagement.createdAt')} {...sortable} />
                <SortableTh column="lastSignInAt" label={t('invitations.columns.lastSignIn')} {...sortable} />
                <Table.Th>{t('invitations.columns.twoFactor')}</Table.Th>
                <Table.Th>{t('invitations.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text size="sm" c="dimmed" ta="center" py="md" data-testid="user-search-empty">
                      {t('settings.userManagement.noMatch', { query: query.trim() })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {view.rows.map((user) => {
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
        {view.pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination
              total={view.pages}
              value={view.page}
              onChange={setPage}
              getItemProps={(n) => ({ 'aria-label': t('settings.userManagement.page', { page: n }), 'aria-current': n === view.page ? 'page' : undefined })}
              getControlProps={(control) => (control === 'previous' || control === 'next' ? { 'aria-label': t(`settings.userManagement.${control}Page`) } : {})}
              aria-label={t('settings.userManagement.pages')}
              data-testid="user-pages"
            />
          </Group>
        )}
        </>
      )}
    </>
  );
}
