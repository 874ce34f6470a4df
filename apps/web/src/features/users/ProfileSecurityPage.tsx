import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

export default function ProfileSecurityPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('profile.security.title')} />;
}
