import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

type ManagedUserTab = 'general' | 'preferences' | 'security';

/** A managed user's tabs: title and breadcrumb until editing arrives with the user-management issue. */
export default function ManagedUserPage({ tab }: { tab: ManagedUserTab }) {
  const { t } = useTranslation();
  const titles: Record<ManagedUserTab, string> = {
    general: t('profile.general.title'),
    preferences: t('profile.preferences.title'),
    security: t('profile.security.title'),
  };
  return <PageHeader title={titles[tab]} />;
}
