import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Sales metrics import: arrives with the sales issue. */
export default function SalesImportPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('sales.import.title')} />;
}
