import { useMutation } from '@apollo/client';
import { Button, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { EXPORT_MAX_ZONES, firstInvalidEmail } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import type { InstallationSummary } from '../../shared/caller/callerQueries.ts';
import { FormCard } from '../../shared/forms/FormCard.tsx';
import { DayRangeFields, SiteSelect, ZonesSelect } from '../../shared/forms/SiteZoneFields.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { ReportEmailsInput, ReportGranularitySelect } from './components/ReportFields.tsx';
import { CREATE_RETAIL_REPORT } from './graphql/reports.ts';
import { type SendOnceDraft, initialSendOnce, sendOnceRequest, useSendOnceForm } from './hooks/useSendOnceForm.ts';

function SendOnceForm({ initial, installations }: { initial: SendOnceDraft; installations: InstallationSummary[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSendOnceForm(initial);
  const { draft, set } = form;
  const guard = useUnsavedChangesGuard({ when: form.dirty });
  const [send, sending] = useMutation(CREATE_RETAIL_REPORT);
  const request = sendOnceRequest(draft, installations.find((i) => i.id === draft.installationId));
  const errors = form.showErrors ? request.errors : {};
  // An address the list holds that is not one is named in its error.
  const err = (key: keyof typeof request.errors) => (errors[key] ? t(errors[key]!, { address: firstInvalidEmail(draft.emails) }) : undefined);

  const submit = async () => {
    form.revealErrors();
    if (Object.keys(request.errors).length > 0 || request.from === null || request.to === null) return;
    try {
      await send({ variables: { from: new Date(request.from).toISOString(), to: new Date(request.to).toISOString(), zoneIds: draft.zoneIds, granularity: draft.granularity, emails: request.emails } });
      showToast(t('reports.once.sent'), 'success');
      guard.leave('/reports');
    } catch {
      showToast(t('reports.once.error'), 'error');
    }
  };

  return (
    <FormCard onSubmit={() => void submit()} testId="report-once-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SiteSelect label={t('reports.form.site')} value={draft.installationId} onChange={(v) => set('installationId', v)} error={err('installationId')} testId="report-once-site" />
          <ZonesSelect
            installationId={draft.installationId}
            label={t('reports.once.zones')}
            value={draft.zoneIds}
            onChange={(v) => set('zoneIds', v)}
            max={EXPORT_MAX_ZONES}
            error={err('zoneIds')}
            testId="report-once-zones"
          />
          <DayRangeFields
            labels={{ from: t('reports.once.from'), to: t('reports.once.to') }}
            value={{ from: draft.fromDate, to: draft.toDate }}
            onChange={(v) => {
              set('fromDate', v.from);
              set('toDate', v.to);
            }}
            errors={{ from: err('from'), to: err('to') }}
            testId="report-once"
          />
          <ReportGranularitySelect value={draft.granularity} onChange={(v) => set('granularity', v)} testId="report-once-granularity" />
        </SimpleGrid>
        <ReportEmailsInput value={draft.emails} onChange={(v) => set('emails', v)} error={err('emails')} testId="report-once-emails" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate('/reports')} data-testid="report-once-cancel">
            {t('reports.form.cancel')}
          </Button>
          <Button type="submit" loading={sending.loading} data-testid="report-once-send">
            {t('reports.once.submit')}
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}

/** Send a report once (createRetailReport): the scheduled report's spreadsheet for chosen days and zones, mailed once. */
export default function SendOnceReportPage() {
  const { t } = useTranslation();
  const { me, installations } = useCaller();
  return (
    <>
      <PageHeader title={t('reports.once.title')} description={t('reports.once.intro')} />
      {installations ? <SendOnceForm installations={installations} initial={initialSendOnce(installations[0], me.email, Date.now())} /> : <Skeleton height={320} />}
    </>
  );
}
