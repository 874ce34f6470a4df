import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Config } from '../../config.ts';
import { smsEncoding } from './gsm7.ts';
import type { SmsProvider } from './smsTypes.ts';
import { twilioSmsProvider } from './twilioSmsProvider.ts';

export type { SmsProvider } from './smsTypes.ts';

/** The configured provider (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM), else the outbox file. */
export function smsProviderFor(config: Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM'>, outboxFile: string): SmsProvider {
  if (config.SMS_ACCOUNT_SID && config.SMS_AUTH_TOKEN && config.SMS_FROM) {
    return twilioSmsProvider({ apiUrl: config.SMS_API_URL, accountSid: config.SMS_ACCOUNT_SID, authToken: config.SMS_AUTH_TOKEN, from: config.SMS_FROM });
  }
  return smsOutbox(outboxFile);
}

/**
 * Without a provider every SMS is appended to one text file, newest last, so a person running
 * Sitelens locally can read sign-in and invitation codes (`tail -f data/outbox/sms.log`).
 */
export function smsOutbox(file: string): SmsProvider {
  return {
    where: file,
    async send({ deliveryId, to, body }) {
      // The owner's alone: its texts hold live sign-in codes.
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // One append per message: whole lines, also with several processes writing. How it would travel
      // (GSM-7 or UCS-2, in how many parts) shows whether a text lost its 160 characters a part.
      const { encoding, parts } = smsEncoding(body);
      await appendFile(file, `[${new Date().toISOString()}] to ${to} (delivery ${deliveryId}, ${encoding}, ${parts} part${parts === 1 ? '' : 's'})\n${body}\n\n`, { mode: 0o600 });
      return `outbox-${deliveryId}`;
    },
  };
}
