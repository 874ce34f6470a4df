import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { AlertForm } from './components/AlertForm.tsx';
import { emptyDraft } from './hooks/useAlertForm.ts';

/**
 * New alert (needs the create right, gated by the route). The form starts on the caller's first site
 * and its first condition type, so it waits for the sites (its draft is set once, when it opens).
 */
export default function NewAlertPage() {
  const { t } = useTranslation();
  const { installations } = useCaller();
  return (
    <>
      <PageHeader title={t('alerts.new.title')} />
      {installations ? <AlertForm alertId={null} initial={emptyDraft(installations[0])} /> : <Skeleton height={480} data-testid="alert-form-loading" />}
    </>
  );
}
