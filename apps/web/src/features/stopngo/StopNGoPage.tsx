import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Stop&Go: arrives with the Stop&Go issue. */
export default function StopNGoPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('stopNGo.title')} />;
}
