import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client';
import { type ReportFieldError, normalizeEmails, reportFieldErrors } from '@sitelens/domain';
import { SITE_ZONES, toFilterZones } from '../../../shared/api/siteZones.ts';

export interface ReportDraft {
  title: string;
  language: string;
  installationId: number | null;
  eventId: number | null;
  zoneId: number | null;
  sendDay: number;
  hour: number;
  daysIncluded: number;
  granularity: number;
  emails: string[];
  enabled: boolean;
}

export type DraftErrors = Partial<Record<keyof ReportDraft, string>>;

export const emptyDraft = (language: string): ReportDraft => ({
  title: '',
  language,
  installationId: null,
  eventId: null,
  zoneId: null,
  sendDay: 1,
  hour: 8,
  daysIncluded: 7,
  granularity: 86400,
  emails: [],
  enabled: true,
});

const MESSAGES: Record<string, string> = {
  'emails:required': 'reports.validation.emailsRequired',
  'emails:invalidEmail': 'reports.validation.invalidEmail',
  'emails:tooMany': 'reports.validation.tooMany',
  'title:tooLong': 'reports.validation.tooLong',
  'daysIncluded:outOfRange': 'reports.validation.outOfRange',
};
const messageOf = (e: ReportFieldError) => MESSAGES[`${e.field}:${e.reason}`] ?? 'reports.validation.required';

/**
 * A draft's first error per field: the domain's rules, plus site, event and zone required. A zone that
 * is no longer among the site's zones (deleted since the report was saved) counts as missing: the
 * picker shows it empty, and the form asks for one rather than failing at the server.
 */
export function reportDraftErrors(draft: ReportDraft, liveZoneIds: readonly number[] | undefined): DraftErrors {
  const found: DraftErrors = {};
  for (const e of reportFieldErrors({ ...draft, emails: normalizeEmails(draft.emails) })) found[e.field] ??= messageOf(e);
  if (draft.installationId === null) found.installationId = 'reports.validation.required';
  if (draft.eventId === null) found.eventId = 'reports.validation.required';
  if (draft.zoneId === null || (liveZoneIds && !liveZoneIds.includes(draft.zoneId))) found.zoneId = 'reports.validation.required';
  return found;
}

/** The form's draft, its errors (reportDraftErrors) and whether it changed. */
export function useReportForm(initial: ReportDraft) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  // The zone picker's own query (Apollo answers both from one call).
  const zones = useQuery(SITE_ZONES, { variables: { installationId: draft.installationId ?? 0 }, skip: draft.installationId === null });
  const rows = zones.data?.zonesByInstallation;
  const liveZoneIds = useMemo(() => (rows ? toFilterZones(rows).map((z) => z.id) : undefined), [rows]);
  const errors = useMemo(() => reportDraftErrors(draft, liveZoneIds), [draft, liveZoneIds]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) =>
    setDraft((d) => (key === 'installationId' ? { ...d, installationId: value as number | null, eventId: null, zoneId: null } : { ...d, [key]: value }));
  return {
    draft,
    set,
    dirty,
    valid: Object.keys(errors).length === 0,
    errors: showErrors ? errors : {},
    revealErrors: () => setShowErrors(true),
    reset: (next: ReportDraft) => {
      setSaved(next);
      setDraft(next);
      setShowErrors(false);
    },
  };
}
