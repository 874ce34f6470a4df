import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Report update form: arrives with the reports issue. */
export default function ReportPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('reports.edit.title')} />;
}
