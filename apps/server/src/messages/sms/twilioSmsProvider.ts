import { SendError } from '../sendError.ts';
import type { SmsProvider } from './smsTypes.ts';

const TIMEOUT_MS = 15_000;

/**
 * Twilio's Messages resource, the shape most SMS REST APIs follow or offer: a form-encoded POST of
 * To, From and Body to /Accounts/{AccountSid}/Messages.json with HTTP basic authentication (account
 * SID and auth token); 201 answers the message with its `sid`, errors a JSON `{ code, message }`.
 */
export function twilioSmsProvider(opts: { apiUrl: string; accountSid: string; authToken: string; from: string }): SmsProvider {
  const endpoint = `${opts.apiUrl.replace(/\/$/, '')}/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    where: new URL(endpoint).host,
    async send({ to, body, signal }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: to, From: opts.from, Body: body }),
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new SendError(`SMS provider unreachable: ${(error as Error).message}`, false);
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (response.ok && answer.sid) return answer.sid;
      const reason = `SMS provider answered ${response.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? response.statusText}`;
      // A refused number or message (400, 404) stays refused; throttling, outages and credentials are retried.
      throw new SendError(reason, response.status === 400 || response.status === 404);
    },
  };
}
