import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Paper, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '@sitelens/domain';
import { errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { fullName } from '../../shared/caller/fullName.ts';
import { userDateFormat, userTimeZone } from '../../shared/caller/userDateFormat.ts';
import { useLanguageNames } from '../../shared/i18n/useLanguageNames.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { ALL_USERS } from './graphql/users.ts';

/** The organization's users, read-only until editing arrives with the user-management issue. */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
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
      />
      {!users && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {!users && !error && <Skeleton height={200} radius="md" />}
      {users && (
        <Paper withBorder radius="md">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.userManagement.name')}</Table.Th>
                <Table.Th>{t('settings.userManagement.email')}</Table.Th>
                <Table.Th>{t('settings.userManagement.role')}</Table.Th>
                <Table.Th>{t('settings.userManagement.profile')}</Table.Th>
                <Table.Th>{t('settings.userManagement.language')}</Table.Th>
                <Table.Th>{t('settings.userManagement.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
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
                      <Badge variant="light">{t('settings.userManagement.roles.admin')}</Badge>
                    ) : (
                      <Badge variant="light" color="gray">
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
