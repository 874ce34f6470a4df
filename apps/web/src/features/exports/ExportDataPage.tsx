import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Data export: the form arrives with the export issue. */
export default function ExportDataPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('exports.title')} />;
}
