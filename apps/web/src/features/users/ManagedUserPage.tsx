import { useQuery } from '@apollo/client';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { userEditability } from '@sitelens/domain';
import { errorCodeOf, errorText } from '../../shared/api/errorText.ts';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { UserCustomLinksSection } from './components/UserCustomLinksSection.tsx';
import { USER_BY_ID } from './graphql/users.ts';

type ManagedUserTab = 'general' | 'preferences' | 'security';

/**
 * A managed user's tabs. The General tab holds the user's links of the header menu; the rest of
 * editing arrives with the user-management issue. An unknown user (or one of another
 * organization) shows the not-found screen.
 */
export default function ManagedUserPage({ tab }: { tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const { me, caller } = useCaller();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const { data, loading, error } = useQuery(USER_BY_ID, { variables: { userId }, skip: !valid });
  if (valid && loading && !data) return <SectionLoader />;
  if (!valid || errorCodeOf(error) === 'NOT_FOUND' || (!error && !data?.userById)) return <NotFoundContent />;
  const titles: Record<ManagedUserTab, string> = {
    general: t('profile.general.title'),
    preferences: t('profile.preferences.title'),
    security: t('profile.security.title'),
  };
  const user = data?.userById;
  return (
    <>
      <PageHeader title={titles[tab]} />
      {!user && error && <Alert color="red">{errorText(error, t)}</Alert>}
      {tab === 'general' && user && <UserCustomLinksSection key={user.id} user={user} editable={userEditability(caller, { isSelf: user.id === me.id }) === 'EDITABLE'} />}
    </>
  );
}
