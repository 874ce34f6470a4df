import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

// Without SMTP_URL or an SMS provider the server under test writes each e-mail to
// DATA_DIR/outbox/mail/<time>-<address>.eml and each SMS to DATA_DIR/outbox/sms.log (playwright.config.ts).
const outbox = () => join(process.env.SITELENS_E2E_RUN_DIR ?? '', 'data', 'outbox');

/** The files of the e-mails to `address` so far, oldest first. */
export function mailsTo(address: string): string[] {
  try {
    return readdirSync(join(outbox(), 'mail'))
      .filter((f) => f.endsWith(`-${address}.eml`))
      .sort();
  } catch {
    return [];
  }
}

/** One e-mail as it was written: headers and body, undecoded. */
export const mailSource = (file: string): string => readFileSync(join(outbox(), 'mail', file), 'utf8');

export const parseMail = (file: string): Promise<ParsedMail> => simpleParser(readFileSync(join(outbox(), 'mail', file)));

/** The next e-mail to `address` once there are more than `before` of them. */
export async function nextMail(address: string, before: number, timeout = 20_000): Promise<ParsedMail> {
  await expect.poll(() => mailsTo(address).length, { timeout }).toBeGreaterThan(before);
  return parseMail(mailsTo(address).at(-1)!);
}

/** The text of the next e-mail to `address`. */
export const nextMailText = async (address: string, before: number): Promise<string> => (await nextMail(address, before)).text ?? '';

/** The SMS sent to `phone` so far, each as its block of the log. */
export function textsTo(phone: string): string[] {
  try {
    return readFileSync(join(outbox(), 'sms.log'), 'utf8')
      .split('\n\n')
      .filter((block) => block.includes(`to ${phone} `));
  } catch {
    return [];
  }
}
