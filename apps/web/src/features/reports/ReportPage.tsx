import { useMutation, useQuery } from '@apollo/client';
import { Alert, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useNow } from '../../shared/hooks/useNow.ts';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { ReportForm } from './components/ReportForm.tsx';
import { SCHEDULED_REPORT, SEND_REPORT_NOW, type ScheduledReport } from './graphql/reports.ts';
import { useReportForm } from './hooks/useReportForm.ts';
import { useSaveReport } from './hooks/useSaveReport.ts';

function EditReport({ report }: { report: ScheduledReport }) {
  const now = useNow(60_000);
  const navigate = useNavigate();
  const { t } = useTranslation();
  const form = useReportForm({
    title: report.title,
    language: report.language,
    installationId: report.installationId,
    eventId: report.eventId,
    zoneId: report.zoneId,
    sendDay: report.sendDay,
    hour: report.hour,
    daysIncluded: report.daysIncluded,
    granularity: report.granularity,
    emails: report.emails,
    enabled: report.enabled,
  });
  const { save, saving } = useSaveReport(report.id, form);
  const guard = useUnsavedChangesGuard({ when: form.dirty, onSave: save });
  const [sendNow, sending] = useMutation(SEND_REPORT_NOW);
  const send = () =>
    sendNow({ variables: { id: report.id } }).then(
      () => showToast(t('reports.toasts.sent'), 'success'),
      () => showToast(t('reports.errors.sendNow'), 'error'),
    );
  return (
    <>
      <ReportForm
        form={form}
        saving={saving}
        now={now}
        onSubmit={() => void save().then((ok) => ok && guard.leave('/reports'))}
        onCancel={() => void navigate('/reports')}
        onSendNow={() => void send()}
        deletedZone={report.zoneDeleted ? { id: report.zoneId, name: report.zoneName } : null}
        sending={sending.loading}
      />
    </>
  );
}

/** Report update form (update mode), with "send a test now". */
export default function ReportPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const reportId = Number(id);
  const valid = Number.isInteger(reportId) && reportId > 0;
  const { data, loading, error } = useQuery(SCHEDULED_REPORT, { variables: { id: reportId }, skip: !valid, fetchPolicy: 'network-only' });
  const report = data?.scheduledReport;
  return (
    <>
      <PageHeader title={report?.title ?? t('reports.edit.title')} description={report ? `${report.siteName} · ${report.zoneName}` : undefined} />
      {loading && !report && <Skeleton height={320} />}
      {(!valid || (error && !report)) && (
        <Alert color="red" withCloseButton onClose={() => void navigate('/reports')}>
          {t('reports.errors.load')}
        </Alert>
      )}
      {report && <EditReport key={report.id} report={report} />}
    </>
  );
}
