import { useQuery } from '@apollo/client';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { NumberField } from '../../../shared/forms/NumberField.tsx';
import { LANGUAGES, REPORT_MAX_DAYS, firstInvalidEmail, reportStatus, weekdayName } from '@sitelens/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../../shared/forms/FormCard.tsx';
import { NumberSelect } from '../../../shared/forms/NumberSelect.tsx';
import { SiteSelect, ZoneSelect } from '../../../shared/forms/SiteZoneFields.tsx';
import { useLanguageNames } from '../../../shared/i18n/useLanguageNames.ts';
import { REPORT_SITE_CHOICES } from '../graphql/reports.ts';
import type { useReportForm } from '../hooks/useReportForm.ts';
import { NextSend } from './NextSend.tsx';
import { ReportEmailsInput, ReportGranularitySelect } from './ReportFields.tsx';
import { hourLabel } from './reportLabels.ts';

const decimalSeparator = (language: string) => new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

/** The number of days a typed value is; empty or unfinished ("-", "2,") is none (NaN), which the range rule refuses. */
function daysNumber(value: string | number, separator: string): number {
  if (typeof value === 'number') return value;
  const text = value.trim().replace(separator, '.');
  return text === '' || !/^-?\d+(\.\d+)?$/.test(text) ? Number.NaN : Number(text);
}

interface ReportFormProps {
  form: ReturnType<typeof useReportForm>;
  saving: boolean;
  onSubmit(): void;
  onCancel(): void;
  /** Update mode: the "send a test now" action. */
  onSendNow?: () => void;
  sending?: boolean;
  /** Update mode: the saved zone, when it was deleted since (the report is inactive until another is chosen). */
  deletedZone?: { id: number; name: string } | null;
  now: number;
}

/** The report form (spec 002 §2): title, language, site, event, zone, day to send, hour, number of days, e-mails. */
export function ReportForm({ form, saving, onSubmit, onCancel, onSendNow, sending = false, deletedZone = null, now }: ReportFormProps) {
  const { t, i18n } = useTranslation();
  const names = useLanguageNames();
  const { draft, set, errors } = form;
  // What the days field holds as typed ("2," on the way to "2,5", or nothing): shown while it is the draft's number.
  const separator = decimalSeparator(i18n.language);
  const [daysText, setDaysText] = useState<string | number>(draft.daysIncluded);
  const typed = daysNumber(daysText, separator);
  const daysShown = typed === draft.daysIncluded || (Number.isNaN(typed) && Number.isNaN(draft.daysIncluded)) ? daysText : draft.daysIncluded;
  const choices = useQuery(REPORT_SITE_CHOICES, { variables: { installationId: draft.installationId ?? 0 }, skip: draft.installationId === null });
  const events = choices.data?.allEventsByInstallation ?? [];
  const event = events.find((e) => e.id === draft.eventId);
  const ended = event && reportStatus({ neverEnding: event.neverEnding, dateEnd: event.dateEnd ? new Date(event.dateEnd) : null }, now) === 'INACTIVE';
  // The saved zone was deleted and no other is chosen yet: nothing is sent, nor can a test be.
  const zoneGone = deletedZone !== null && draft.zoneId === deletedZone.id;
  // An address the list holds that is not one is named in its error.
  const err = (key: keyof typeof errors) => (errors[key] ? t(errors[key]!, { address: firstInvalidEmail(draft.emails) }) : undefined);
  return (
    <FormCard onSubmit={onSubmit} testId="report-form">
      <Stack gap="md" ref={form.fieldsRef}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('reports.form.title')} required value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={err('title')} data-testid="report-title" />
          <Select
            label={t('reports.form.language')}
            required
            data={LANGUAGES.map((l) => ({ value: l, label: names[l] }))}
            value={draft.language}
            onChange={(v) => v && set('language', v)}
            allowDeselect={false}
            error={err('language')}
            data-testid="report-language"
          />
          <SiteSelect label={t('reports.form.site')} value={draft.installationId} onChange={(v) => set('installationId', v)} error={err('installationId')} testId="report-site" />
          <Select
            label={t('reports.form.event')}
            required
            data={events.map((e) => ({ value: String(e.id), label: e.name }))}
            value={draft.eventId === null ? null : String(draft.eventId)}
            onChange={(v) => set('eventId', v ? Number(v) : null)}
            disabled={draft.installationId === null}
            error={err('eventId')}
            data-testid="report-event"
          />
          <ZoneSelect installationId={draft.installationId} label={t('reports.form.zone')} value={draft.zoneId} onChange={(v) => set('zoneId', v)} error={err('zoneId')} testId="report-zone" />
          <ReportGranularitySelect value={draft.granularity} onChange={(v) => set('granularity', v)} error={err('granularity')} testId="report-granularity" />
          <NumberSelect
            label={t('reports.form.sendDay')}
            options={[{ value: 0, label: t('reports.sendDay.everyDay') }, ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: weekdayName(d, i18n.language) }))]}
            value={draft.sendDay}
            onChange={(v) => set('sendDay', v)}
            error={err('sendDay')}
            testId="report-send-day"
          />
          <NumberSelect
            label={t('reports.form.hour')}
            options={Array.from({ length: 24 }, (_, h) => ({ value: h, label: hourLabel(h) }))}
            value={draft.hour}
            onChange={(v) => set('hour', v)}
            error={err('hour')}
            testId="report-hour"
          />
          <NumberField
            label={t('reports.form.daysIncluded')}
            required
            min={1}
            max={REPORT_MAX_DAYS}
            // Kept as typed (400, 2.5, 0, empty): the rule's "between 1 and 366 days" says what is wrong and
            // the save is refused, instead of a value silently clamped or cut on blur and saved unseen.
            clampBehavior="none"
            allowDecimal
            decimalSeparator={decimalSeparator(i18n.language)}
            value={daysShown}
            onChange={(v) => {
              setDaysText(v);
              set('daysIncluded', daysNumber(v, separator));
            }}
            error={err('daysIncluded')}
            data-testid="report-days"
          />
        </SimpleGrid>
        <NextSend installationId={draft.installationId} sendDay={draft.sendDay} hour={draft.hour} daysIncluded={draft.daysIncluded} enabled={draft.enabled} ended={Boolean(ended) || zoneGone} now={now} />
        <ReportEmailsInput value={draft.emails} onChange={(v) => set('emails', v)} error={err('emails')} testId="report-emails" />
        <Switch label={t('reports.form.enabled')} checked={draft.enabled} onChange={(e) => set('enabled', e.currentTarget.checked)} data-testid="report-form-enabled" />
        {zoneGone && deletedZone && (
          <Alert color="yellow" data-testid="report-zone-deleted">
            {t('reports.form.zoneDeleted', { zone: deletedZone.name })}
          </Alert>
        )}
        {ended && <Alert color="yellow">{t('reports.form.inactiveEvent')}</Alert>}
        <Group justify="space-between">
          {onSendNow ? (
            <Button variant="light" onClick={onSendNow} loading={sending} disabled={form.dirty || zoneGone} title={t('reports.form.sendNowHelp')} data-testid="report-send-now">
              {t('reports.form.sendNow')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} data-testid="report-cancel">
              {t('reports.form.cancel')}
            </Button>
            <Button type="submit" loading={saving} data-testid="report-save">
              {t('common.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </FormCard>
  );
}
