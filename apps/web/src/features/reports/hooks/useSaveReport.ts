import { useMutation } from '@apollo/client';
import { normalizeEmails } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from '../../../shared/api/fieldError.ts';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { CREATE_REPORT, SCHEDULED_REPORTS, UPDATE_REPORT } from '../graphql/reports.ts';
import { isReportFormField, reportFieldMessage } from './reportFieldMessages.ts';
import type { ReportDraft, useReportForm } from './useReportForm.ts';

const toInput = (d: ReportDraft) => ({
  title: d.title.trim(),
  language: d.language,
  installationId: d.installationId!,
  eventId: d.eventId!,
  zoneId: d.zoneId!,
  sendDay: d.sendDay,
  hour: d.hour,
  daysIncluded: d.daysIncluded,
  granularity: d.granularity,
  emails: normalizeEmails(d.emails),
  enabled: d.enabled,
});

/**
 * Validates, then creates (id null) or updates; resolves true once saved (the form is then clean).
 * A refusal the server ties to a field of the form is said under that field; any other in a toast.
 */
export function useSaveReport(id: number | null, form: ReturnType<typeof useReportForm>) {
  const { t } = useTranslation();
  const [create, created] = useMutation(CREATE_REPORT, { refetchQueries: [SCHEDULED_REPORTS] });
  const [update, updated] = useMutation(UPDATE_REPORT, { refetchQueries: [SCHEDULED_REPORTS] });
  const save = async (): Promise<boolean> => {
    form.revealErrors();
    if (!form.valid) return false;
    try {
      if (id === null) await create({ variables: { input: toInput(form.draft) } });
      else await update({ variables: { id, input: toInput(form.draft) } });
      form.reset(form.draft);
      showToast(t(id === null ? 'reports.toasts.created' : 'reports.toasts.updated'), 'success');
      return true;
    } catch (error) {
      const refusal = fieldErrorOf(error);
      if (refusal && isReportFormField(refusal.field)) {
        form.refuse(refusal.field, reportFieldMessage(refusal.field, refusal.reason)!);
        return false;
      }
      showToast(t(id === null ? 'reports.errors.create' : 'reports.errors.update'), 'error');
      return false;
    }
  };
  return { save, saving: created.loading || updated.loading };
}
