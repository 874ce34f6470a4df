import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Alert update form: arrives with the alerts issue. */
export default function AlertPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('alerts.edit.title')} />;
}
