// Date texts of the filter bar: calendar dates (YYYY-MM-DD) shown DD/MM/YYYY (spec 001 §9 default
// date format) and typed the same way.
import { parseIsoDate } from '@sitelens/domain';

export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';

export function formatIsoDate(date: string): string {
  const d = parseIsoDate(date);
  return d ? `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}` : date;
}

/** DD/MM/YYYY (or YYYY-MM-DD) typed by the user, as YYYY-MM-DD; null when it is not a real date. */
export { parseTypedDate } from '../../shared/forms/parseTypedDate.ts';
