import webpush from 'web-push';
import { SendError } from '../sendError.ts';
import type { VapidKeys } from './vapidKeys.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** Encrypts the payload for the browser (RFC 8291) and posts it to its push service. */
  send(target: PushTarget, payload: string, signal?: AbortSignal): Promise<void>;
}

/** Gone (404, 410): the browser dropped the subscription; the caller removes it. */
export class SubscriptionGoneError extends SendError {
  constructor(status: number) {
    super(`push service answered ${status}: the browser unsubscribed`, true);
  }
}

const TTL_SECONDS = 24 * 3600;

/**
 * web-push encrypts the payload for the browser (RFC 8291) and signs the VAPID header (RFC 8292);
 * the request itself goes out with fetch, like every other send (its timeout, its errors).
 */
export function webPushSender(keys: () => Promise<VapidKeys>, subject: string): PushSender {
  return {
    async send(target, payload, signal) {
      const vapid = await keys();
      const request = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
      });
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          // A push service answers; it does not send us elsewhere (a redirect could point inside our network).
          redirect: 'manual',
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new SendError(`push service unreachable: ${cause?.code ?? cause?.message ?? (error as Error).message}`, false);
      }
      // The answer's body is not kept: the failure recorded (and shown in Deliveries) says the status only.
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      if (response.status === 404 || response.status === 410) throw new SubscriptionGoneError(response.status);
      if (response.status >= 300 && response.status < 400) throw new SendError(`push service answered ${response.status} (redirects are not followed)`, true);
      // A payload the service refuses (400, 413) stays refused; throttling and outages are retried.
      throw new SendError(`push service answered ${response.status}`, response.status === 400 || response.status === 413);
    },
  };
}
