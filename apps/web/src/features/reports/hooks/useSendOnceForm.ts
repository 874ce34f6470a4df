import { useState } from 'react';
import { REPORT_MAX_DAYS, businessDate, businessDayRange, normalizeEmails, presetRange, reportEmailsError } from '@sitelens/domain';
import type { InstallationSummary } from '../../../shared/caller/callerQueries.ts';
import { reportFieldMessage } from './reportFieldMessages.ts';

export interface SendOnceDraft {
  installationId: number | null;
  zoneIds: number[];
  fromDate: string;
  toDate: string;
  granularity: number;
  emails: string[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Last week at the caller's first site, per day, to the caller's own address. */
export function initialSendOnce(site: InstallationSummary | undefined, email: string, now: number): SendOnceDraft {
  const range = presetRange('last7Days', businessDate(now, site?.timezone ?? 'UTC', site?.change_of_day_time ?? '00:00'));
  return { installationId: site?.id ?? null, zoneIds: [], fromDate: range.dateBegin, toDate: range.dateEnd, granularity: 86400, emails: [email] };
}

/**
 * The one-off report (createRetailReport, spec 002 §3 "report request"): whole days of the site,
 * the first day's start to the end of the last; the checks of spec 002 §5 (dates, zones, e-mails).
 */
export function sendOnceRequest(d: SendOnceDraft, site: InstallationSummary | undefined) {
  const ok = site && ISO_DATE.test(d.fromDate) && ISO_DATE.test(d.toDate);
  const from = ok ? businessDayRange(d.fromDate, site.timezone, site.change_of_day_time)[0] : null;
  const to = ok ? businessDayRange(d.toDate, site.timezone, site.change_of_day_time)[1] : null;
  const errors: Partial<Record<'installationId' | 'zoneIds' | 'from' | 'to' | 'emails', string>> = {};
  if (d.installationId === null) errors.installationId = 'reports.validation.required';
  if (d.zoneIds.length === 0) errors.zoneIds = 'reports.validation.required';
  if (from === null || to === null) errors.from = 'reports.validation.required';
  else if (!(from < to)) errors.to = 'reports.once.beforeFrom';
  else if (to - from > REPORT_MAX_DAYS * 86_400_000) errors.to = 'reports.once.tooLong';
  const emails = normalizeEmails(d.emails);
  const emailProblem = reportEmailsError(emails);
  if (emailProblem) errors.emails = reportFieldMessage('emails', emailProblem)!;
  return { from, to, emails, errors };
}

export function useSendOnceForm(initial: SendOnceDraft) {
  const [saved] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const set = <K extends keyof SendOnceDraft>(key: K, value: SendOnceDraft[K]) =>
    setDraft((d) => (key === 'installationId' ? { ...d, installationId: value as number | null, zoneIds: [] } : { ...d, [key]: value }));
  return { draft, set, dirty: JSON.stringify(draft) !== JSON.stringify(saved), showErrors, revealErrors: () => setShowErrors(true) };
}
