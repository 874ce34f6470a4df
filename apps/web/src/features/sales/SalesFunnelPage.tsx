import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Sales funnel: arrives with the sales issue. */
export default function SalesFunnelPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('sales.funnel.title')} />;
}
