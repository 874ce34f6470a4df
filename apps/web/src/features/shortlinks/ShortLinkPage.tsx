import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Short link resolution: arrives with the short-links issue. */
export default function ShortLinkPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('shortLinks.title')} />;
}
