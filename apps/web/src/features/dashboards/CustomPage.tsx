import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Custom dashboard page: widgets arrive with the dashboards issue. */
export default function CustomPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('dashboards.customPage.title')} />;
}
