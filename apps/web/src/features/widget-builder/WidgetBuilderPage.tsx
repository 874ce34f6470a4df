import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';

/** Widget preview as a given user: arrives with the widget-builder issue. */
export default function WidgetBuilderPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('widgetBuilder.title')} />;
}
