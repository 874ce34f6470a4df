import { createHmac } from 'node:crypto';

/** The header that carries the signature (documented in docs/jobs-and-messages.md). */
export const SIGNATURE_HEADER = 'Sitelens-Signature';

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, one v1 per secret (the current one, and
 * the previous one for a day after a rotation), the scheme Stripe and others use.
 */
export function signatureHeader(body: string, secrets: readonly string[], at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return [`t=${t}`, ...secrets.map((s) => `v1=${hmac(s, t, body)}`)].join(',');
}

const hmac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
