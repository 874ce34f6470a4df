import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** New alert form: arrives with the alerts issue. */
export default function NewAlertPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('alerts.new.title')} />;
}
