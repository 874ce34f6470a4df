import { useQuery } from '@apollo/client';
import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { userEditability } from '@sitelens/domain';
import { errorCodeOf, errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UserCustomLinksSection } from './components/UserCustomLinksSection.tsx';
import { USER_BY_ID } from './graphql/users.ts';

type ManagedUserTab = 'general' | 'preferences' | 'security';

/**
 * A managed user's tabs. The General tab holds the user's links of the header menu; the rest of
 * editing arrives with the user-management issue.
 */
export default function ManagedUserPage({ tab }: { tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const { me, caller } = useCaller();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const { data, error } = useQuery(USER_BY_ID, { variables: { userId }, skip: !valid || tab !== 'general' });
  const titles: Record<ManagedUserTab, string> = {
    general: t('profile.general.title'),
    preferences: t('profile.preferences.title'),
    security: t('profile.security.title'),
  };
  if (!valid || errorCodeOf(error) === 'NOT_FOUND') return <Navigate to="/not-found" replace />;
  const user = data?.userById;
  return (
    <>
      <PageHeader title={titles[tab]} />
      {tab === 'general' && !user && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {tab === 'general' && !user && !error && <Skeleton height={160} radius="md" />}
      {tab === 'general' && user && <UserCustomLinksSection key={user.id} user={user} editable={userEditability(caller, { isSelf: user.id === me.id }) === 'EDITABLE'} />}
    </>
  );
}
