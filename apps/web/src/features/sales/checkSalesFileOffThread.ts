import { UPLOAD_PARSE_TIMEOUT_MS } from '@sitelens/domain';
import { type SalesFileCheck, checkSalesFile } from './checkSalesFile.ts';

/**
 * The pre-check in a Web Worker: a file that would take the page's memory or time (a workbook that
 * unpacks to gigabytes, a pathological XLS) costs the worker, which is stopped after the server's
 * own time limit and answers `tooComplex`. Where workers are missing, the check runs here.
 */
export function checkSalesFileOffThread(file: File, now: number): Promise<SalesFileCheck> {
  if (typeof Worker === 'undefined') return checkSalesFile(file, now);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./checkSalesFile.worker.ts', import.meta.url), { type: 'module' });
    const done = (result: SalesFileCheck) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => done({ ok: false, reason: 'tooComplex' }), UPLOAD_PARSE_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<SalesFileCheck>) => done(event.data);
    worker.onerror = () => done({ ok: false, reason: 'unreadable' });
    worker.postMessage({ file, now });
  });
}
