import type { KeyboardEvent } from 'react';
import { useQuery } from '@apollo/client';
import { MultiSelect, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { parseTypedDate } from './parseTypedDate.ts';
import { useCaller } from '../caller/CallerProvider.tsx';
import { userDateFormat } from '../caller/userDateFormat.ts';
import { CalendarProvider } from './CalendarProvider.tsx';
import { SITE_ZONES, type SiteZoneRow, toFilterZones } from '../api/siteZones.ts';
import { useCalendarLabels } from './useCalendarLabels.ts';

/**
 * The fields the export, scheduled-report and send-once forms share: a site among the caller's,
 * its zones (one or several), and a range of whole days. Each form keeps its own labels and checks.
 */
interface FieldProps<T> {
  label: string;
  value: T;
  onChange(value: T): void;
  error?: string;
  disabled?: boolean;
  testId: string;
}

export function SiteSelect({ label, value, onChange, error, testId }: FieldProps<number | null>) {
  const { installations } = useCaller();
  return (
    <Select
      label={label}
      required
      data={(installations ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      searchable
      data-testid={testId}
    />
  );
}

/** The zones a form offers: a deleted zone keeps its history but takes no new export or report. */
export const zoneOptions = (zones: readonly SiteZoneRow[]) => toFilterZones(zones).map((z) => ({ value: String(z.id), label: z.name ?? '' }));

function useSiteZones(installationId: number | null) {
  const zones = useQuery(SITE_ZONES, { variables: { installationId: installationId ?? 0 }, skip: installationId === null });
  return zoneOptions(zones.data?.zonesByInstallation ?? []);
}

export function ZoneSelect({ installationId, label, value, onChange, error, disabled, testId }: FieldProps<number | null> & { installationId: number | null }) {
  const data = useSiteZones(installationId);
  return (
    <Select
      label={label}
      required
      data={data}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      disabled={disabled ?? installationId === null}
      error={error}
      searchable
      data-testid={testId}
    />
  );
}

export function ZonesSelect({ installationId, label, value, onChange, error, max, testId }: FieldProps<number[]> & { installationId: number | null; max: number }) {
  const data = useSiteZones(installationId);
  return (
    <MultiSelect
      label={label}
      required
      data={data}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number))}
      maxValues={max}
      disabled={installationId === null}
      error={error}
      searchable
      data-testid={testId}
    />
  );
}

/** What was typed in a day field and not kept: not a date, or a day after the last one allowed. */
export type TypedDayProblem = 'invalid' | 'afterMax';

/** The problem of a day field's text (null: empty, or a day that can be chosen). */
export function typedDayProblem(text: string, format: Parameters<typeof parseTypedDate>[1], maxDate?: string): TypedDayProblem | null {
  if (text.trim() === '') return null;
  const day = parseTypedDate(text, format);
  if (day === null) return 'invalid';
  return maxDate !== undefined && day > maxDate ? 'afterMax' : null;
}

/** Enter in a day field whose text is not a day that can be chosen: the form is not sent, the problem is told. */
function enterWithTypedProblem(event: KeyboardEvent<HTMLInputElement>, tell: (problem: TypedDayProblem) => void, format: Parameters<typeof parseTypedDate>[1], maxDate?: string): void {
  if (event.key !== 'Enter') return;
  const problem = typedDayProblem(event.currentTarget.value, format, maxDate);
  if (problem === null) return;
  event.preventDefault();
  tell(problem);
}

/**
 * From and to as the site's calendar days (YYYY-MM-DD), both included. Shown and typed in the user's
 * date format (a browser's own date field shows its locale's order: 12/05/2026 for 5 December in an
 * en-US browser, read as 12 May by whoever writes DD/MM/YYYY); a calendar opens under the field.
 * Emptying the text empties the day, so the form can say it is required.
 */
export function DayRangeFields({ labels, value, onChange, errors, maxDate, onTypedProblem, testId }: {
  labels: { from: string; to: string };
  value: { from: string; to: string };
  onChange(value: { from: string; to: string }): void;
  errors: { from?: string; to?: string };
  /** The last day that can be chosen (YYYY-MM-DD): later ones are not offered, and typed they are not kept. */
  maxDate?: string;
  /**
   * Told what a field's text is when it leaves the field (null once it is a day that can be
   * chosen, or empty); given, the text stays as typed so the form can say what is wrong with it
   * instead of it vanishing. Without it, text that is not kept is replaced by the field's day.
   */
  onTypedProblem?(end: 'from' | 'to', problem: TypedDayProblem | null): void;
  testId: string;
}) {
  const { me } = useCaller();
  const format = userDateFormat(me.dateFormat);
  const calendarLabels = useCalendarLabels();
  const field = (end: 'from' | 'to') => (
    <DateInput
      label={labels[end]}
      required
      value={value[end] || null}
      onChange={(day) => {
        onTypedProblem?.(end, null);
        onChange({ ...value, [end]: day ? String(day).slice(0, 10) : '' });
      }}
      onBlur={onTypedProblem ? (e) => onTypedProblem(end, typedDayProblem(e.currentTarget.value, format, maxDate)) : undefined}
      onInput={onTypedProblem ? (e) => typedDayProblem(e.currentTarget.value, format, maxDate) === null && onTypedProblem(end, null) : undefined}
      // Enter would send the form before the field is left: a text not kept is said first, and nothing is sent.
      onKeyDown={onTypedProblem ? (e) => enterWithTypedProblem(e, (problem) => onTypedProblem(end, problem), format, maxDate) : undefined}
      fixOnBlur={!onTypedProblem}
      valueFormat={format}
      dateParser={(text) => parseTypedDate(text, format)}
      placeholder={format}
      allowDeselect
      ariaLabels={calendarLabels}
      error={errors[end]}
      maxDate={maxDate}
      data-testid={`${testId}-${end}`}
    />
  );
  return (
    <CalendarProvider>
      {field('from')}
      {field('to')}
    </CalendarProvider>
  );
}
