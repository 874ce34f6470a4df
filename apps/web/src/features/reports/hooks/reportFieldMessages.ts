/** The report form's fields that a refusal can name: the domain's rules (reportFieldErrors) and the server's save alike. */
export const REPORT_FORM_FIELDS = ['title', 'language', 'installationId', 'eventId', 'zoneId', 'sendDay', 'hour', 'daysIncluded', 'granularity', 'emails'] as const;
export type ReportFormField = (typeof REPORT_FORM_FIELDS)[number];

export const isReportFormField = (field: string): field is ReportFormField => (REPORT_FORM_FIELDS as readonly string[]).includes(field);

/**
 * The words of each refusal a report field can get, whoever refuses it: the form running the
 * domain's rules, or the server's save (BAD_USER_INPUT: the domain's reasons, the argument bounds'
 * tooSmall / tooLarge / tooMany, a zone deleted since the form was opened). One table, so both say
 * the same thing under the same field.
 */
const MESSAGES: Record<string, string> = {
  'title:required': 'reports.validation.required',
  'title:tooLong': 'reports.validation.tooLong',
  'language:unknownLanguage': 'reports.validation.invalidChoice',
  'daysIncluded:outOfRange': 'reports.validation.outOfRange',
  'daysIncluded:tooSmall': 'reports.validation.outOfRange',
  'daysIncluded:tooLarge': 'reports.validation.outOfRange',
  'emails:required': 'reports.validation.emailsRequired',
  'emails:invalidEmail': 'reports.validation.invalidEmail',
  'emails:tooMany': 'reports.validation.tooMany',
  'zoneId:zoneDeleted': 'reports.validation.zoneDeleted',
};

/** A choice among the form's own options (a site, an event, a zone, a day, an hour, a granularity) that is missing or not one of them. */
const CHOICES: ReadonlySet<ReportFormField> = new Set(['language', 'installationId', 'eventId', 'zoneId', 'sendDay', 'hour', 'granularity']);

/** The translation key to show under `field` for `reason`, or null when the form has no such field (the refusal is then the page's, in a toast). */
export function reportFieldMessage(field: string, reason: string): string | null {
  if (!isReportFormField(field)) return null;
  const own = MESSAGES[`${field}:${reason}`];
  if (own) return own;
  if (reason === 'required') return 'reports.validation.required';
  // A reason this table does not know yet still lands under its field, in general words.
  return CHOICES.has(field) ? 'reports.validation.invalidChoice' : 'errors.BAD_USER_INPUT';
}
