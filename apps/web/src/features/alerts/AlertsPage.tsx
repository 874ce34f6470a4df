import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Alerts list: arrives with the alerts issue. */
export default function AlertsPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('alerts.title')} />;
}
