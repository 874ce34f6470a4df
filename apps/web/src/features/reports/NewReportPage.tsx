import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** New report form: arrives with the reports issue. */
export default function NewReportPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('reports.new.title')} />;
}
