import { useState } from 'react';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, userEditability } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { LtrValue } from '../../shared/bidi/LtrValue.tsx';
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

// The name and e-mail columns take a share of the table's width (maxWidth 0 lets the cell be narrower
// than its text): the other columns keep their whole text, and a longer address is cut with "…".
const nameCell = { width: '20%', maxWidth: 0 } as const;
const emailCell = { width: '32%', maxWidth: 0 } as const;

/** Two headings over one column that shows two things, the second as its cells show it, below. */
function StackedLabel({ first, second }: { first: string; second: string }) {
  return (
    <>
      <div>{first}</div>
      <Text span size="xs" c="dimmed" fw={600} display="block">
        {second}
      </Text>
    </>
  );
}

/**
 * The organization's users (name, e-mail, role, profile, language, last sign-in, two-factor, status),
 * the pending invitations, and the "Invite user" form for those with organization.user edit.
 */
export default function UserManagementPage() {
  const { t, i18n } = useTranslation();
  // An address reads left to right and, cut, loses its end ("name@exam…"), also in Arabic, where it stands on the right of its cell.
  const oneLineAddress = (email: string) =>
    ({ dir: 'ltr', truncate: 'end', title: email, display: 'block', ta: i18n.dir() === 'rtl' ? 'right' : 'left' }) as const;
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
          {/* Seven columns, role and profile together, status and two-factor together: the table fits beside the sidebar at 1024 px
              (laid out at 1200 px). Between 1025 and 1200 px it may scroll in its frame with its scrollbar shown; the page does not. */}
          <Table.ScrollContainer minWidth={820} scrollAreaProps={{ type: 'auto' }}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" aria-label={t('settings.userManagement.title')}>
            <Table.Thead>
              <Table.Tr>
                <SortableTh column="name" label={t('settings.userManagement.name')} style={nameCell} {...sortable} />
                <SortableTh column="email" label={t('settings.userManagement.email')} style={emailCell} {...sortable} />
                <Table.Th>
                  <StackedLabel first={t('settings.userManagement.role')} second={t('settings.userManagement.profile')} />
                </Table.Th>
                <Table.Th>{t('settings.userManagement.language')}</Table.Th>
                <SortableTh column="createdAt" label={t('settings.userManagement.createdAt')} {...sortable} />
                <SortableTh column="lastSignInAt" label={t('invitations.columns.lastSignIn')} {...sortable} />
                <Table.Th>
                  <StackedLabel first={t('invitations.columns.status')} second={t('invitations.columns.twoFactor')} />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center" py="md" data-testid="user-search-empty">
                      {t('settings.userManagement.noMatch', { query: query.trim() })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {view.rows.map((user) => {
                const state = states.get(user.id);
                const name = fullName(user);
                return (
                <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
                  <Table.Td style={nameCell}>
                    {/* Someone invited has no name until they accept: their address stands for it, as in the sort by name. */}
                    <Anchor component={Link} to={`/settings/user-management/${user.id}/general`} size="sm" fw={500} {...(name ? {} : oneLineAddress(user.email))}>
                      {name || <bdi>{user.email}</bdi>}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={emailCell}>
                    {/* One line, never broken inside the address (a break at its hyphen reads like two addresses); cut with "…", the title holds it whole. */}
                    <Text size="sm" {...oneLineAddress(user.email)}>
                      <bdi>{user.email}</bdi>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      {user.role === 'admin' ? (
                        <Badge variant="light" styles={wholeBadge}>
                          {t('settings.userManagement.roles.admin')}
                        </Badge>
                      ) : (
                        <Badge variant="light" color="gray" styles={wholeBadge}>
                          {t('settings.userManagement.roles.user')}
                        </Badge>
                      )}
                      <Text size="sm">{user.profile?.name ?? '—'}</Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{languageNames[user.lang as keyof typeof languageNames] ?? user.lang}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(Date.parse(user.createdAt), { format, tz })}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{state?.lastSignInAt ? <LtrValue>{formatDate(Date.parse(state.lastSignInAt), { format, tz, withTime: true })}</LtrValue> : t('invitations.columns.never')}</Text>
                  </Table.Td>
                  <Table.Td>
                    {state && (
                      <Stack gap={4} align="flex-start">
                        <Badge variant="light" color={state.status === 'invited' ? 'orange' : 'green'} styles={wholeBadge}>
                          {state.status === 'invited' ? t('invitations.columns.invited') : t('invitations.columns.active')}
                        </Badge>
                        {/* Someone invited has not set up anything yet: no two-factor line. */}
                        {state.status !== 'invited' && (
                          <Text size="sm">
                            <VisuallyHidden>{t('invitations.columns.twoFactor')} </VisuallyHidden>
                            <span>{state.twoFactorEnabled ? t('invitations.columns.on') : t('invitations.columns.off')}</span>
                          </Text>
                        )}
                      </Stack>
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
