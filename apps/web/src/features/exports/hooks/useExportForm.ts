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
  exportZoneSet,
  presetRange,
  timespanPreset,
} from '@sitelens/domain';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import type { TypedDayProblem } from '../../../shared/forms/SiteZoneFields.tsx';

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

/**
 * The zones or passages an export of the draft will hold, when the form can know it: the zone and,
 * with subzones, every zone under it (as the server counts them); null for passages (their count
 * is the server's to tell) or while the zones load.
 */
export function exportTargetCount(d: Pick<ExportDraftState, 'includeSubZones'> & { zoneId: number | null; passages: boolean }, zones: readonly FilterZone[] | undefined): number | null {
  if (d.passages || !zones || d.zoneId === null) return null;
  return exportZoneSet(zones, [d.zoneId], d.includeSubZones).size;
}

/**
 * The request of a draft: whole local days of the site, from the first day's start to the end of
 * the last. Each end is checked on its own (a missing "to" is the "to" field's error), and the row
 * limit when the targets are known (the server's limit, EXPORT_MAX_ROWS).
 */
export function exportRequest(d: ExportDraftState, site: InstallationSummary | undefined, targets: number | null = null) {
  const ok = (day: string) => site && ISO_DATE.test(day);
  const from = ok(d.fromDate) ? businessDayRange(d.fromDate, site!.timezone, site!.change_of_day_time)[0] : null;
  const to = ok(d.toDate) ? businessDayRange(d.toDate, site!.timezone, site!.change_of_day_time)[1] : null;
  return { from, to, errors: exportFieldErrors({ ...d, zoneIds: d.zoneId === null ? [] : [d.zoneId], from, to, ...(targets === null ? {} : { targets }) }) };
}

/** One field changed; another site clears the zone chosen, so the new site's default zone follows (exportZoneId). */
export function changeExportDraft<K extends keyof ExportDraftState>(d: ExportDraftState, key: K, value: ExportDraftState[K]): ExportDraftState {
  return key === 'installationId' ? { ...d, installationId: value as number | null, zoneId: null } : { ...d, [key]: value };
}

/** A reason the server gave for refusing one field (BAD_USER_INPUT), shown on that field until the draft changes. */
export interface ExportServerError {
  field: string;
  reason: string;
}

export function useExportForm(initial: ExportDraftState) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [typed, setTyped] = useState<Partial<Record<'from' | 'to', TypedDayProblem>>>({});
  const [serverError, setServerError] = useState<ExportServerError | null>(null);
  // Text typed in a day field and not kept leaves the draft as it was: it counts as a change.
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved) || Object.keys(typed).length > 0, [draft, saved, typed]);
  const set = <K extends keyof ExportDraftState>(key: K, value: ExportDraftState[K]) => {
    setServerError(null);
    setDraft((d) => changeExportDraft(d, key, value));
  };
  const setTypedProblem = (end: 'from' | 'to', problem: TypedDayProblem | null) => {
    setServerError(null);
    setTyped((t) => {
      const { [end]: _gone, ...rest } = t;
      return problem ? { ...rest, [end]: problem } : rest;
    });
  };
  return {
    draft,
    set,
    dirty,
    showErrors,
    revealErrors: () => setShowErrors(true),
    typed,
    setTypedProblem,
    serverError,
    setServerError,
    /** The export was sent: what the form holds is no longer a change to lose. */
    markSent: (sent: ExportDraftState) => setSaved(sent),
  };
}
