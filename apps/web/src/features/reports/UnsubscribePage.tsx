import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Unsubscribe by token: arrives with the reports issue. */
export default function UnsubscribePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('unsubscribe.title')} />;
}
