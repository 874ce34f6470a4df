import { useQuery } from '@apollo/client';
import { MultiSelect, Select, TextInput } from '@mantine/core';
import { useCaller } from '../caller/CallerProvider.tsx';
import { SITE_ZONES } from './siteZoneQueries.ts';

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

function useSiteZones(installationId: number | null) {
  const zones = useQuery(SITE_ZONES, { variables: { installationId: installationId ?? 0 }, skip: installationId === null });
  return (zones.data?.zonesByInstallation ?? []).map((z) => ({ value: String(z.id), label: z.name }));
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

/** From and to as the site's calendar days (YYYY-MM-DD), both included. */
export function DayRangeFields({ labels, value, onChange, errors, testId }: {
  labels: { from: string; to: string };
  value: { from: string; to: string };
  onChange(value: { from: string; to: string }): void;
  errors: { from?: string; to?: string };
  testId: string;
}) {
  return (
    <>
      <TextInput type="date" label={labels.from} required value={value.from} onChange={(e) => onChange({ ...value, from: e.currentTarget.value })} error={errors.from} data-testid={`${testId}-from`} />
      <TextInput type="date" label={labels.to} required value={value.to} onChange={(e) => onChange({ ...value, to: e.currentTarget.value })} error={errors.to} data-testid={`${testId}-to`} />
    </>
  );
}
