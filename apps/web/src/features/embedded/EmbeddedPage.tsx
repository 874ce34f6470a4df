import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Embedded page (base64 url in a full frame): arrives with its own issue. */
export default function EmbeddedPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('embedded.title')} />;
}
