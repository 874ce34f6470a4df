import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { useNow } from '../../shared/hooks/useNow.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { ReportForm } from './components/ReportForm.tsx';
import { emptyDraft, useReportForm } from './hooks/useReportForm.ts';
import { useSaveReport } from './hooks/useSaveReport.ts';

/** New report (create mode). */
export default function NewReportPage() {
  const { t } = useTranslation();
  const { me } = useCaller();
  const now = useNow(60_000);
  const navigate = useNavigate();
  const form = useReportForm(emptyDraft(me.lang));
  const { save, saving } = useSaveReport(null, form);
  const guard = useUnsavedChangesGuard({ when: form.dirty, onSave: save });
  return (
    <>
      <PageHeader title={t('reports.new.title')} />
      <ReportForm
        form={form}
        saving={saving}
        now={now}
        onSubmit={() => void save().then((ok) => ok && guard.leave('/reports'))}
        onCancel={() => void navigate('/reports')}
      />
    </>
  );
}
