import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client';
import { normalizeEmails, reportFieldErrors } from '@sitelens/domain';
import { SITE_ZONES, toFilterZones } from '../../../shared/api/siteZones.ts';
import { useFocusFirstInvalid } from '../../../shared/forms/useFocusFirstInvalid.ts';
import { type ReportFormField, reportFieldMessage } from './reportFieldMessages.ts';

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

/**
 * A draft's first error per field: the domain's rules, plus site, event and zone required. A zone that
 * is no longer among the site's zones (deleted since the report was saved) counts as missing: the
 * picker shows it empty, and the form asks for one rather than failing at the server.
 */
export function reportDraftErrors(draft: ReportDraft, liveZoneIds: readonly number[] | undefined): DraftErrors {
  const found: DraftErrors = {};
  for (const e of reportFieldErrors({ ...draft, emails: normalizeEmails(draft.emails) })) found[e.field] ??= reportFieldMessage(e.field, e.reason)!;
  if (draft.installationId === null) found.installationId = 'reports.validation.required';
  if (draft.eventId === null) found.eventId = 'reports.validation.required';
  if (draft.zoneId === null || (liveZoneIds && !liveZoneIds.includes(draft.zoneId))) found.zoneId = 'reports.validation.required';
  return found;
}

/**
 * The form's draft, its errors and whether it changed. A field shows the server's refusal of the last
 * save until it is changed again, else its rule's (reportDraftErrors) once a save was tried; after a
 * refused save, focus goes to the first field in error.
 */
export function useReportForm(initial: ReportDraft) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const fields = useFocusFirstInvalid<HTMLDivElement>();
  // The zone picker's own query (Apollo answers both from one call).
  const zones = useQuery(SITE_ZONES, { variables: { installationId: draft.installationId ?? 0 }, skip: draft.installationId === null });
  const rows = zones.data?.zonesByInstallation;
  const liveZoneIds = useMemo(() => (rows ? toFilterZones(rows).map((z) => z.id) : undefined), [rows]);
  const errors = useMemo(() => reportDraftErrors(draft, liveZoneIds), [draft, liveZoneIds]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => {
    setDraft((d) => (key === 'installationId' ? { ...d, installationId: value as number | null, eventId: null, zoneId: null } : { ...d, [key]: value }));
    // A new site also clears its event's and zone's refusals: they were of the old site's.
    setServerErrors((e) => (key === 'installationId' ? {} : { ...e, [key]: undefined }));
  };
  return {
    draft,
    set,
    dirty,
    valid: Object.keys(errors).length === 0,
    errors: { ...(showErrors ? errors : {}), ...definedOnly(serverErrors) },
    /** The ref of the fields' container, where focus goes after a refused save. */
    fieldsRef: fields.ref,
    /** A save begins: the rules' errors show from now on, and focus goes to the first of them. */
    revealErrors: () => {
      setShowErrors(true);
      fields.focusFirstInvalid();
    },
    /** The server refused the save on one of the form's fields: its words (a translation key) under it, and focus there. */
    refuse: (field: ReportFormField, key: string) => {
      setServerErrors({ [field]: key });
      fields.focusFirstInvalid();
    },
    reset: (next: ReportDraft) => {
      setSaved(next);
      setDraft(next);
      setShowErrors(false);
      setServerErrors({});
    },
  };
}

const definedOnly = (errors: DraftErrors): DraftErrors => Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined));
