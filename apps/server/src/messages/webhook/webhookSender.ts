import { SendError } from '../sendError.ts';
import { SIGNATURE_HEADER, signatureHeader } from './webhookSignature.ts';

export interface OutgoingWebhook {
  deliveryId: number;
  url: string;
  event: string;
  /** The exact bytes posted, fixed when the message was enqueued: every retry sends the same body. */
  body: string;
  /** Signing secrets, current first. */
  secrets: string[];
  now: Date;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs the JSON body with its signature. Any 2xx is delivered; redirects are not followed; any
 * other answer or a network error is retried, except 410 Gone (the receiver asks us to stop).
 */
export async function postWebhook(hook: OutgoingWebhook): Promise<string> {
  let response: Response;
  try {
    response = await fetch(hook.url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Sitelens-Webhook/1',
        'sitelens-event': hook.event,
        'sitelens-delivery': String(hook.deliveryId),
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(hook.body, hook.secrets, hook.now),
      },
      body: hook.body,
      signal: hook.signal ? AbortSignal.any([hook.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new SendError(`webhook unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`, false);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status >= 200 && response.status < 300) return `HTTP ${response.status}`;
  throw new SendError(`webhook answered ${response.status}`, response.status === 410);
}
