import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Scheduled reports list: arrives with the reports issue. */
export default function ReportsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('reports.title')} />;
}
