import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Help center: arrives with the help issue. */
export default function HelpPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('help.title')} />;
}
