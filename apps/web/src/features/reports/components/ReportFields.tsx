import { TagsInput } from '@mantine/core';
import { REPORT_GRANULARITIES } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { NumberSelect } from '../../../shared/forms/NumberSelect.tsx';
import { granularityLabel } from './reportLabels.ts';

/** The fields a scheduled report and a report sent once share. */
interface FieldProps<T> {
  value: T;
  onChange(value: T): void;
  testId: string;
}

/** The report's rows: one per 15 minutes, hour or day (REPORT_GRANULARITIES, in minutes). */
export function ReportGranularitySelect({ value, onChange, error, testId }: FieldProps<number> & { error?: string }) {
  const { t } = useTranslation();
  return (
    <NumberSelect
      label={t('reports.form.granularity')}
      options={REPORT_GRANULARITIES.map((g) => ({ value: g, label: granularityLabel(t, g) }))}
      value={value}
      onChange={onChange}
      error={error}
      testId={testId}
    />
  );
}

/** The recipients' addresses, typed one by one (Enter, comma, space or semicolon ends one). */
export function ReportEmailsInput({ value, onChange, error, testId }: FieldProps<string[]> & { error?: string }) {
  const { t } = useTranslation();
  return (
    <TagsInput
      label={t('reports.form.emails')}
      description={t('reports.form.emailsHelp')}
      required
      value={value}
      onChange={onChange}
      splitChars={[',', ' ', ';']}
      error={error}
      data-testid={testId}
    />
  );
}
