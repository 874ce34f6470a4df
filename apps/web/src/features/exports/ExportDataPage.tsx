import { useLazyQuery, useQuery } from '@apollo/client';
import { Button, Checkbox, Group, MultiSelect, SegmentedControl, Select, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { EXPORT_COUNTING, EXPORT_GRANULARITIES, EXPORT_MAX_RECIPIENTS, canReadMetric, exportColumns, exportDataTypes, exportOnPassages, formatDate } from '@sitelens/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { FormCard } from '../../shared/forms/FormCard.tsx';
import { NumberSelect } from '../../shared/forms/NumberSelect.tsx';
import { DayRangeFields, SiteSelect, ZoneSelect } from '../../shared/forms/SiteZoneFields.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useTrackUsage } from '../../shared/usage/useTrackUsage.ts';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { RecentExports } from './components/RecentExports.tsx';
import { exportDataTypeLabel, exportGranularityLabel } from './components/exportLabels.ts';
import { EXPORT_CHOICES, EXPORT_DATA } from './graphql/exports.ts';
import { type ExportDraftState, exportLastDay, exportRequest, exportTargetCount, initialExportDraft, useExportForm } from './hooks/useExportForm.ts';
import { userDateFormat } from '../../shared/caller/userDateFormat.ts';
import { fieldErrorOf } from '../../shared/api/fieldError.ts';
import { useExportZone } from './hooks/useExportZone.ts';

/** The form's rules the server may also answer with (exports.validation.<reason>), shown on their field. */
const VALIDATION_REASONS = new Set(['required', 'tooMany', 'beforeFrom', 'tooLong', 'tooManyRows']);
const TYPED_REASON = { invalid: 'invalidDate', afterMax: 'afterLastDay' } as const;

function ExportForm({ initial, onSent }: { initial: ExportDraftState; onSent(): void }) {
  const { t } = useTranslation();
  const { me, installations, gates } = useCaller();
  const form = useExportForm(initial);
  const { draft, set } = form;
  useUnsavedChangesGuard({ when: form.dirty });
  const recipients = useQuery(EXPORT_CHOICES);
  const [run, running] = useLazyQuery(EXPORT_DATA, { fetchPolicy: 'network-only' });
  const track = useTrackUsage();
  const site = installations?.find((i) => i.id === draft.installationId);
  // Every metric of the site's events (spec 002 §3), counting first; the server accepts these only.
  // Only what the caller may read: sales figures need the sales right (the server refuses them too).
  const dataTypes = exportDataTypes(site?.families ?? []).filter((type) => exportColumns(type).every((metric) => canReadMetric(gates, metric)));
  const onPassages = exportOnPassages(draft.dataType);
  // The zone shown, checked and sent: the chosen one, else the site's default (never empty once known).
  const { zoneId, zones } = useExportZone(draft.installationId, draft.zoneId);
  const lastDay = exportLastDay(site, Date.now());
  // The rows are checked here with the server's limit when the zones are known (passages: the server's count).
  const targets = exportTargetCount({ zoneId, includeSubZones: draft.includeSubZones, passages: draft.onlyPassages && onPassages }, zones);
  const request = exportRequest({ ...draft, zoneId }, site, targets);
  const errors: Partial<Record<string, string>> = form.showErrors ? { ...request.errors } : {};
  // What the server refused (a row count the form could not know), on its field until the draft changes.
  if (form.serverError && VALIDATION_REASONS.has(form.serverError.reason)) errors[form.serverError.field] = form.serverError.reason;
  // Text typed in a date field and not kept: said at once, on its own field.
  if (form.typed.from) errors.from = TYPED_REASON[form.typed.from];
  if (form.typed.to) errors.to = TYPED_REASON[form.typed.to];
  const err = (key: string) => (errors[key] ? t(`exports.validation.${errors[key]}`, { date: formatDate(Date.parse(`${lastDay}T12:00:00Z`), { format: userDateFormat(me.dateFormat), tz: 'UTC' }) }) : undefined);

  const submit = async () => {
    form.revealErrors();
    if (Object.keys(request.errors).length > 0 || Object.keys(form.typed).length > 0 || request.from === null || request.to === null) return;
    const sent = draft;
    const answer = await run({
      variables: {
        dataType: draft.dataType,
        from: new Date(request.from).toISOString(),
        to: new Date(request.to).toISOString(),
        userIds: draft.userIds,
        granularity: draft.granularity,
        includeSubZones: draft.includeSubZones,
        target: draft.onlyPassages && onPassages ? 'passage' : 'zone',
        installationId: draft.installationId!,
        zoneIds: [zoneId!],
        format: draft.format,
      },
    });
    if (answer.data?.exportData) {
      // No names or addresses: what was exported, not to whom (decisions.md, usage events).
      track('exportRequested', { dataType: draft.dataType, granularity: draft.granularity, format: draft.format, recipients: draft.userIds.length, onlyPassages: draft.onlyPassages && onPassages });
      showToast(t('exports.toasts.success'), 'success');
      // Sent: leaving the page now loses nothing.
      form.markSent(sent);
      onSent();
    } else {
      // A refusal the server explains says why: a translated reason of its own (a recipient not
      // allowed these figures), or a rule of the form's (too many rows) shown on its field too.
      const refused = fieldErrorOf(answer.error);
      if (refused && VALIDATION_REASONS.has(refused.reason)) {
        form.setServerError(refused);
        showToast(t(`exports.validation.${refused.reason}`), 'error');
      } else showToast(refused && refused.reason.startsWith('errors.') ? t(refused.reason) : t('exports.toasts.error'), 'error');
    }
  };

  return (
    <FormCard onSubmit={() => void submit()} testId="export-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('exports.form.dataType')}
            required
            data={dataTypes.map((d) => ({ value: d, label: exportDataTypeLabel(t, d) }))}
            value={dataTypes.includes(draft.dataType) ? draft.dataType : EXPORT_COUNTING}
            onChange={(v) => v && set('dataType', v)}
            allowDeselect={false}
            searchable
            data-testid="export-data-type"
          />
          <SiteSelect label={t('exports.form.site')} value={draft.installationId} onChange={(v) => set('installationId', v)} error={err('installationId')} testId="export-site" />
          <ZoneSelect installationId={draft.installationId} label={t('exports.form.zone')} value={zoneId} onChange={(v) => set('zoneId', v)} error={err('zoneIds')} testId="export-zone" />
          <NumberSelect
            label={t('exports.form.granularity')}
            options={EXPORT_GRANULARITIES.map((g) => ({ value: g, label: exportGranularityLabel(t, g) }))}
            value={draft.granularity}
            onChange={(v) => set('granularity', v)}
            testId="export-granularity"
          />
          <DayRangeFields
            labels={{ from: t('exports.form.from'), to: t('exports.form.to') }}
            value={{ from: draft.fromDate, to: draft.toDate }}
            onChange={(v) => {
              set('fromDate', v.from);
              set('toDate', v.to);
            }}
            errors={{ from: err('from'), to: err('to') }}
            maxDate={lastDay}
            onTypedProblem={form.setTypedProblem}
            testId="export"
          />
        </SimpleGrid>
        {recipients.loading && !recipients.data ? (
          <Skeleton height={36} />
        ) : (
          <MultiSelect
            label={t('exports.form.recipients')}
            required
            data={(recipients.data?.exportRecipients ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
            value={draft.userIds.map(String)}
            onChange={(v) => set('userIds', v.map(Number))}
            maxValues={EXPORT_MAX_RECIPIENTS}
            error={err('userIds')}
            searchable
            data-testid="export-recipients"
          />
        )}
        <Group>
          <Checkbox label={t('exports.form.includeSubZones')} checked={draft.includeSubZones} onChange={(e) => set('includeSubZones', e.currentTarget.checked)} />
          <Checkbox
            label={t('exports.form.onlyPassages')}
            checked={draft.onlyPassages && onPassages}
            disabled={!onPassages}
            onChange={(e) => set('onlyPassages', e.currentTarget.checked)}
            data-testid="export-only-passages"
          />
        </Group>
        <Group justify="space-between">
          <SegmentedControl
            value={draft.format}
            onChange={(v) => set('format', v === 'CSV' ? 'CSV' : 'XLSX')}
            data={[
              { value: 'XLSX', label: t('exports.form.xlsx') },
              { value: 'CSV', label: t('exports.form.csv') },
            ]}
            aria-label={t('exports.form.format')}
          />
          <Button type="submit" loading={running.loading} data-testid="export-submit">
            {t('exports.form.submit')}
          </Button>
        </Group>
      </Stack>
    </FormCard>
  );
}

/** Export data (spec 002 §2): a spreadsheet of one site's data mailed to users of the organization. */
export default function ExportDataPage() {
  const { t } = useTranslation();
  const { me, installations } = useCaller();
  const [params] = useSearchParams();
  const [sent, setSent] = useState(0);
  return (
    <>
      <PageHeader title={t('exports.title')} description={t('exports.intro')} />
      {installations ? <ExportForm initial={initialExportDraft(params, installations, me.id, Date.now())} onSent={() => setSent((n) => n + 1)} /> : <Skeleton height={320} />}
      <RecentExports refreshKey={sent} />
    </>
  );
}
