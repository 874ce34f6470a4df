import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Dashboards list: the table arrives with the dashboards issue. */
export default function DashboardsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('dashboards.title')} />;
}
