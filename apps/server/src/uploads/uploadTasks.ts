import { UnreadableUploadError, UploadLimitError, type SalesFileReport } from '@sitelens/domain';
import { SvgRejectedError } from '../images/sanitizeSvg.ts';
import { MissingSalesReader, MixedEncodingError } from '../modules/sales/readSalesReceipts.ts';

/** How an error crosses from the worker to the request: its kind and what the request needs of it. */
export type TaskError =
  | { kind: 'limit'; limit: UploadLimitError['limit']; message: string }
  | { kind: 'unreadable'; message: string }
  | { kind: 'mixedEncoding'; report: SalesFileReport }
  | { kind: 'missingReader'; message: string }
  | { kind: 'failed'; message: string };

export function taskErrorOf(error: unknown): TaskError {
  if (error instanceof UploadLimitError) return { kind: 'limit', limit: error.limit, message: error.message };
  if (error instanceof UnreadableUploadError || error instanceof SvgRejectedError) return { kind: 'unreadable', message: error.message };
  if (error instanceof MixedEncodingError) return { kind: 'mixedEncoding', report: error.report };
  if (error instanceof MissingSalesReader) return { kind: 'missingReader', message: error.message };
  return { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}

/** The error a task's failure is on this side, the same classes the reader throws. */
export function errorOfTask(error: TaskError): Error {
  switch (error.kind) {
    case 'limit':
      return new UploadLimitError(error.limit, error.message);
    case 'unreadable':
      return new UnreadableUploadError(error.message);
    case 'mixedEncoding':
      return new MixedEncodingError(error.report);
    case 'missingReader':
      return new MissingSalesReader(error.message);
    case 'failed':
      return new Error(`upload worker: ${error.message}`);
  }
}
