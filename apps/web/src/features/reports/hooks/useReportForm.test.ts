import { describe, expect, it } from 'vitest';
import { emptyDraft, reportDraftErrors } from './useReportForm.ts';

const draft = { ...emptyDraft('en'), title: 'Monday visitors', installationId: 1, eventId: 3, zoneId: 10, emails: ['a@example.com'] };

describe('reportDraftErrors', () => {
  it('accepts a draft whose zone is one of the site’s, and while the zones load', () => {
    expect(reportDraftErrors(draft, [10, 11])).toEqual({});
    expect(reportDraftErrors(draft, undefined)).toEqual({});
  });

  it('asks for a zone when none is chosen, or when the saved one was deleted since', () => {
    expect(reportDraftErrors({ ...draft, zoneId: null }, [10, 11])).toEqual({ zoneId: 'reports.validation.required' });
    expect(reportDraftErrors(draft, [11])).toEqual({ zoneId: 'reports.validation.required' });
  });
});
