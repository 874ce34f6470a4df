import { saveUrl } from '../files/saveUrl.ts';

/** The name of the downloaded file of recovery codes. */
export const RECOVERY_CODES_FILE_NAME = 'sitelens-recovery-codes.txt';

/** The codes as copied: one a line. */
export function recoveryCodesText(codes: readonly string[]): string {
  return codes.join('\n');
}

/** The downloaded file: a heading line (what they are), a blank line, one code a line, a final newline. */
export function recoveryCodesFile(heading: string, codes: readonly string[]): string {
  return `${heading}\n\n${recoveryCodesText(codes)}\n`;
}

/** Saves the recovery codes as a UTF-8 text file through a temporary link. */
export function downloadRecoveryCodes(heading: string, codes: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([recoveryCodesFile(heading, codes)], { type: 'text/plain;charset=utf-8' }));
  saveUrl(url, RECOVERY_CODES_FILE_NAME);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
