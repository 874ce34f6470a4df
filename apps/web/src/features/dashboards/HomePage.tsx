import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Home dashboard (/home, /home2): its widgets arrive with the dashboards issue. */
export default function HomePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('home.title')} />;
}
