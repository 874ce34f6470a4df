import type { DateFormat } from '../format/formatDate.ts';
import { DEFAULT_DATE_FORMAT } from './languages.ts';

/**
 * The date format a language writes where no person chose one (the mails of reports and exports,
 * their workbooks): German writes 30.11.2026, the other languages the product's 30/11/2026.
 */
export const languageDateFormat = (lang: string): DateFormat => (lang === 'de' ? 'DD.MM.YYYY' : DEFAULT_DATE_FORMAT);
