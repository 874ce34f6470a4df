import { useState } from 'react';
import { ApolloError, useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { checkSalesFileSelection, type SalesRowError } from '@sitelens/domain';
import { showToast } from '../../../shared/toasts/toastStore.ts';
import { checkSalesFileOffThread } from '../checkSalesFileOffThread.ts';
import type { SalesErrorList } from '../components/SalesErrorsModal.tsx';
import { IMPORT_SALES_METRICS, SALES_SETTINGS } from '../graphql/sales.ts';

/** The uploader's clock as the server wants it: local ISO time without offset. */
function localIso(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
}

export type ImportState = 'empty' | 'checking' | 'chosen' | 'uploading';

/**
 * The import screen's states (spec 002 §4): no file, checking, file chosen, uploading, then
 * success (file cleared, toast) or the error. A file whose pre-check finds error lines is not kept.
 */
export function useSalesImport() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorList, setErrorList] = useState<SalesErrorList | null>(null);
  const [mutate, { loading }] = useMutation(IMPORT_SALES_METRICS, { refetchQueries: [SALES_SETTINGS] });

  const fail = (text: string) => {
    setError(text);
    showToast(text, 'error');
  };

  const select = async (files: File[]) => {
    setError(null);
    const problem = checkSalesFileSelection(files);
    if (problem) {
      fail(t(`sales.import.clientErrors.${problem}`));
      return;
    }
    const chosen = files[0]!;
    setFile(null);
    setChecking(true);
    try {
      const check = await checkSalesFileOffThread(chosen, Date.now());
      if (!check.ok) {
        fail(t(`sales.import.clientErrors.${check.reason}`));
        return;
      }
      if (check.report.errorCount > 0) {
        setErrorList({ fileName: chosen.name, errors: check.report.errors, errorCount: check.report.errorCount, imported: false });
        return;
      }
      setFile(chosen);
      setEncoding(check.encoding);
    } catch (e) {
      // A safety net: checkSalesFile answers 'unreadable' itself for every read that fails.
      console.error('Failed to read the file', e);
      fail(t('sales.import.clientErrors.unreadable'));
    } finally {
      setChecking(false);
    }
  };

  const upload = async () => {
    setError(null);
    if (!file) {
      fail(t('sales.import.clientErrors.noFile'));
      return;
    }
    try {
      const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const { data } = await mutate({ variables: { input: { file, uploaderDateTime: localIso(new Date()), uploaderTimezone: timezone } } });
      const result = data?.importSalesMetricsCsv;
      if (!result) throw new Error('no answer');
      setFile(null);
      const imported = t('sales.import.success', { count: result.rowsImported });
      showToast(result.encoding ? `${imported} ${t('sales.import.readAs', { encoding: t(`sales.import.encodings.${result.encoding}`) })}` : imported, 'success');
      if (result.errorCount > 0) setErrorList({ fileName: result.fileName, errors: result.errors as SalesRowError[], errorCount: result.errorCount, imported: true });
    } catch (e) {
      const first = e instanceof ApolloError ? e.graphQLErrors[0] : undefined;
      const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : 'UNKNOWN_ERROR';
      if (code === 'FILE_VALIDATION_FAILED') {
        const ext = first!.extensions as { errors?: SalesRowError[]; errorCount?: number };
        setFile(null);
        setErrorList({ fileName: file.name, errors: ext.errors ?? [], errorCount: ext.errorCount ?? ext.errors?.length ?? 0, imported: false });
        return;
      }
      // A file past the workbook limits (a zip bomb, or far more than a sales export holds) has its own words.
      if (code === 'PROCESSING_FAILED' && first?.extensions?.reason === 'limits') {
        setFile(null);
        fail(t('sales.import.clientErrors.tooComplex'));
        return;
      }
      // The first error's code has words of ours; otherwise its own message (spec 002 §5).
      const known = t(`sales.import.errors.${code}`, { defaultValue: '' });
      fail(known || (e instanceof ApolloError && e.networkError ? t('errors.serverUnavailable') : first?.message || t('sales.import.errors.UNKNOWN_ERROR')));
    }
  };

  const state: ImportState = loading ? 'uploading' : checking ? 'checking' : file ? 'chosen' : 'empty';
  return { file, encoding, state, error, errorList, select, upload, remove: () => setFile(null), closeErrors: () => setErrorList(null) };
}
