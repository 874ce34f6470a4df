import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundContent } from '../../shared/layout/NotFoundScreen.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { SectionLoader } from '../../shared/layout/FullPageLoader.tsx';
import { USER_BY_ID } from './graphql/users.ts';

type ManagedUserTab = 'general' | 'preferences' | 'security';

/**
 * A managed user's tabs: title and breadcrumb until editing arrives with the user-management issue;
 * an unknown user (or one of another organization) shows the not-found screen.
 */
export default function ManagedUserPage({ tab }: { tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const valid = Number.isInteger(userId) && userId > 0;
  const { data, loading } = useQuery(USER_BY_ID, { variables: { userId }, skip: !valid });
  if (valid && loading && !data) return <SectionLoader />;
  if (!valid || !data?.userById) return <NotFoundContent />;
  const titles: Record<ManagedUserTab, string> = {
    general: t('profile.general.title'),
    preferences: t('profile.preferences.title'),
    security: t('profile.security.title'),
  };
  return <PageHeader title={titles[tab]} />;
}
