import { describe, expect, it } from 'vitest';
import { RECOVERY_CODES_FILE_NAME, recoveryCodesFile, recoveryCodesText } from './recoveryCodesFile.ts';

const CODES = ['abcde-fghij', 'klmno-pqrst', '23456-7abcd'];

describe('recovery codes to keep', () => {
  it('copies one code a line, in their order, nothing else', () => {
    expect(recoveryCodesText(CODES)).toBe('abcde-fghij\nklmno-pqrst\n23456-7abcd');
  });

  it('downloads the heading, a blank line and one code a line, ending with a newline', () => {
    expect(recoveryCodesFile('Sitelens recovery codes.', CODES)).toBe('Sitelens recovery codes.\n\nabcde-fghij\nklmno-pqrst\n23456-7abcd\n');
  });

  it('names the file after the product, as plain text', () => {
    expect(RECOVERY_CODES_FILE_NAME).toBe('sitelens-recovery-codes.txt');
  });
});
