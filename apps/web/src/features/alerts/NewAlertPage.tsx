import { useTranslation } from 'react-i18next';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { AlertForm } from './components/AlertForm.tsx';
import { emptyDraft } from './hooks/useAlertForm.ts';

/** New alert (needs the create right, gated by the route). */
export default function NewAlertPage() {
  const { t } = useTranslation();
  const { installations } = useCaller();
  return (
    <>
      <PageHeader title={t('alerts.new.title')} />
      <AlertForm alertId={null} initial={emptyDraft(installations?.[0])} />
    </>
  );
}
