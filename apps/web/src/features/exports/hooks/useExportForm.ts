import { useMemo, useState } from 'react';
import {
  EXPORT_COUNTING,
  EXPORT_DEFAULT_GRANULARITY,
  type ExportFormat,
  type FilterZone,
  businessDate,
  businessDayRange,
  defaultZoneId,
  exportFieldErrors,
  presetRange,
  timespanPreset,
} from '@sitelens/domain';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';

export interface ExportDraftState {
  dataType: string;
  installationId: number | null;
  zoneId: number | null;
  fromDate: string;
  toDate: string;
  granularity: number;
  userIds: number[];
  includeSubZones: boolean;
  onlyPassages: boolean;
  format: ExportFormat;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/**
 * The last day an export can hold: the site's business day holding `now` (its change of day applies,
 * as for the form's "yesterday"); later days have no readings yet, so their rows would be empty.
 */
export function exportLastDay(site: Pick<InstallationSummary, 'timezone' | 'change_of_day_time'> | undefined, now: number): string {
  return businessDate(now, site?.timezone ?? 'UTC', site?.change_of_day_time ?? '00:00');
}

/**
 * The export form's starting values: the site, zone and dates of the page that opened it (its
 * filter parameters), else the caller's first site, no zone chosen (exportZoneId fills in the
 * site's default) and yesterday.
 */
export function initialExportDraft(params: URLSearchParams, installations: InstallationSummary[], userId: number, now: number): ExportDraftState {
  const site = installations.find((i) => i.id === idOf(params.get('installationId'))) ?? installations[0];
  const today = exportLastDay(site, now);
  const [from, to] = [params.get('from'), params.get('to')];
  const preset = timespanPreset(params.get('timespan') ?? '');
  const range = from && to && ISO_DATE.test(from) && ISO_DATE.test(to) ? { dateBegin: from, dateEnd: to } : presetRange(preset ?? 'yesterday', today);
  return {
    dataType: EXPORT_COUNTING,
    installationId: site?.id ?? null,
    zoneId: idOf(params.get('zone')),
    fromDate: range.dateBegin,
    toDate: range.dateEnd,
    granularity: EXPORT_DEFAULT_GRANULARITY,
    userIds: [userId],
    includeSubZones: true,
    onlyPassages: false,
    format: 'XLSX',
  };
}

/**
 * The zone the form shows and sends: the one chosen (or the filter's, from the page that opened
 * the form) while it is one of the site's zones, else the site's default zone as the filter bar
 * picks it (the highest zone, else the first that can be chosen). A new site clears the choice, so
 * its default follows. While the zones load (undefined), the choice stands.
 */
export function exportZoneId(chosen: number | null, zones: readonly FilterZone[] | undefined): number | null {
  if (!zones) return chosen;
  if (chosen !== null && zones.some((z) => z.id === chosen)) return chosen;
  // Counting: the export's default data; any zone still in service can be chosen.
  return defaultZoneId({ zones, pageKind: 'counting' });
}

/** The request of a draft: whole local days of the site, from the first day's start to the end of the last. */
export function exportRequest(d: ExportDraftState, site: InstallationSummary | undefined) {
  const ok = site && ISO_DATE.test(d.fromDate) && ISO_DATE.test(d.toDate);
  const from = ok ? businessDayRange(d.fromDate, site.timezone, site.change_of_day_time)[0] : null;
  const to = ok ? businessDayRange(d.toDate, site.timezone, site.change_of_day_time)[1] : null;
  return { from, to, errors: exportFieldErrors({ ...d, zoneIds: d.zoneId === null ? [] : [d.zoneId], from, to }) };
}

/** One field changed; another site clears the zone chosen, so the new site's default zone follows (exportZoneId). */
export function changeExportDraft<K extends keyof ExportDraftState>(d: ExportDraftState, key: K, value: ExportDraftState[K]): ExportDraftState {
  return key === 'installationId' ? { ...d, installationId: value as number | null, zoneId: null } : { ...d, [key]: value };
}

export function useExportForm(initial: ExportDraftState) {
  const [saved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const set = <K extends keyof ExportDraftState>(key: K, value: ExportDraftState[K]) => setDraft((d) => changeExportDraft(d, key, value));
  return { draft, set, dirty, showErrors, revealErrors: () => setShowErrors(true) };
}
