import { useLazyQuery, useQuery } from '@apollo/client';
import { Button, Checkbox, Group, MultiSelect, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { EXPORT_COUNTING, EXPORT_GRANULARITIES, EXPORT_MAX_RECIPIENTS } from '@sitelens/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCaller } from '../../shared/caller/CallerProvider.tsx';
import { PageHeader } from '../../shared/layout/PageHeader.tsx';
import { showToast } from '../../shared/toasts/toastStore.ts';
import { useUnsavedChangesGuard } from '../../shared/unsaved/useUnsavedChangesGuard.tsx';
import { RecentExports } from './components/RecentExports.tsx';
import { EXPORT_CHOICES, EXPORT_DATA, EXPORT_ZONES } from './graphql/exports.ts';
import { type ExportDraftState, exportRequest, initialExportDraft, useExportForm } from './hooks/useExportForm.ts';

const DATA_TYPES = [EXPORT_COUNTING, 'co2', 'temperature', 'humidity'];
const GRANULARITY_KEYS: Record<number, string> = { 60: 'minute', 900: 'quarter', 3600: 'hour', 86400: 'day', 604800: 'week', 2592000: 'month' };

function ExportForm({ initial, onSent }: { initial: ExportDraftState; onSent(): void }) {
  const { t } = useTranslation();
  const { installations } = useCaller();
  const form = useExportForm(initial);
  const { draft, set } = form;
  const guard = useUnsavedChangesGuard({ when: form.dirty });
  const recipients = useQuery(EXPORT_CHOICES);
  const zones = useQuery(EXPORT_ZONES, { variables: { installationId: draft.installationId ?? 0 }, skip: draft.installationId === null });
  const [run, running] = useLazyQuery(EXPORT_DATA, { fetchPolicy: 'network-only' });
  const site = installations?.find((i) => i.id === draft.installationId);
  const request = exportRequest(draft, site);
  const errors = form.showErrors ? request.errors : {};
  const err = (key: keyof typeof request.errors) => (errors[key] ? t(`exports.validation.${errors[key]}`) : undefined);

  const submit = async () => {
    form.revealErrors();
    if (Object.keys(request.errors).length > 0 || request.from === null || request.to === null) return;
    const answer = await run({
      variables: {
        dataType: draft.dataType,
        from: new Date(request.from).toISOString(),
        to: new Date(request.to).toISOString(),
        userIds: draft.userIds,
        granularity: draft.granularity,
        includeSubZones: draft.includeSubZones,
        target: draft.onlyPassages ? 'passage' : 'zone',
        installationId: draft.installationId!,
        zoneIds: [draft.zoneId!],
        format: draft.format,
      },
    });
    if (answer.data?.exportData) {
      showToast(t('exports.toasts.success'), 'success');
      onSent();
    } else showToast(t('exports.toasts.error'), 'error');
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="export-form"
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('exports.form.dataType')}
              required
              data={DATA_TYPES.map((d) => ({ value: d, label: d === EXPORT_COUNTING ? t('exports.form.counting') : t(`metrics.${d}`) }))}
              value={draft.dataType}
              onChange={(v) => v && set('dataType', v)}
              allowDeselect={false}
              data-testid="export-data-type"
            />
            <Select
              label={t('exports.form.site')}
              required
              data={(installations ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
              value={draft.installationId === null ? null : String(draft.installationId)}
              onChange={(v) => set('installationId', v ? Number(v) : null)}
              error={err('installationId')}
              searchable
              data-testid="export-site"
            />
            <Select
              label={t('exports.form.zone')}
              required
              data={(zones.data?.zonesByInstallation ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
              value={draft.zoneId === null ? null : String(draft.zoneId)}
              onChange={(v) => set('zoneId', v ? Number(v) : null)}
              error={err('zoneIds')}
              searchable
              data-testid="export-zone"
            />
            <Select
              label={t('exports.form.granularity')}
              required
              data={EXPORT_GRANULARITIES.map((g) => ({ value: String(g), label: t(`exports.granularity.${GRANULARITY_KEYS[g]}`) }))}
              value={String(draft.granularity)}
              onChange={(v) => v && set('granularity', Number(v))}
              allowDeselect={false}
              data-testid="export-granularity"
            />
            <TextInput type="date" label={t('exports.form.from')} required value={draft.fromDate} onChange={(e) => set('fromDate', e.currentTarget.value)} error={err('from')} data-testid="export-from" />
            <TextInput type="date" label={t('exports.form.to')} required value={draft.toDate} onChange={(e) => set('toDate', e.currentTarget.value)} error={err('to')} data-testid="export-to" />
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
            <Checkbox label={t('exports.form.onlyPassages')} checked={draft.onlyPassages} onChange={(e) => set('onlyPassages', e.currentTarget.checked)} />
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
      </Paper>
      {guard.modal}
    </form>
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
