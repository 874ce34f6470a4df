import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { SendError } from '../sendError.ts';
import { type CheckedAddress, type ResolveHost, WebhookRefused, checkedAddresses } from './webhookAddress.ts';
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

export interface WebhookGuard {
  resolve: ResolveHost;
  /** WEBHOOK_ALLOW_PRIVATE=on: special-purpose addresses are allowed (on-premises receivers). */
  allowPrivate: boolean;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs the JSON body with its signature, to an address resolved and checked once (the connection
 * is pinned to it; TLS still verifies the certificate against the host name). Any 2xx is delivered;
 * redirects are not followed; any other answer or a network error is retried, except 410 Gone (the
 * receiver asks us to stop) and an address the guard refuses. The recorded reason is one word
 * (refused, unreachable, timeout, tls) or "HTTP <status>": nothing that tells an administrator which
 * ports of which hosts are open.
 */
export async function postWebhook(hook: OutgoingWebhook, guard: WebhookGuard): Promise<string> {
  let addresses: CheckedAddress[];
  try {
    addresses = await checkedAddresses(hook.url, guard.resolve, guard.allowPrivate);
  } catch (error) {
    throw new SendError('refused', error instanceof WebhookRefused && error.permanent);
  }
  const signal = hook.signal ? AbortSignal.any([hook.signal, AbortSignal.timeout(TIMEOUT_MS)]) : AbortSignal.timeout(TIMEOUT_MS);
  let status: number;
  try {
    status = await post(hook, pinnedLookup(addresses), signal);
  } catch (error) {
    throw new SendError(reasonOf(error, signal), false);
  }
  if (status >= 200 && status < 300) return `HTTP ${status}`;
  throw new SendError(`HTTP ${status}`, status === 410);
}

/** Answers every lookup of the request with the checked addresses, whatever name it asks for. */
function pinnedLookup(addresses: CheckedAddress[]): LookupFunction {
  return (_host, options, callback) => {
    const wanted = addresses.filter((a) => !options.family || options.family === a.family || options.family === (a.family === 4 ? 'IPv4' : 'IPv6'));
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (e: null, a: CheckedAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

function post(hook: OutgoingWebhook, lookup: LookupFunction, signal: AbortSignal): Promise<number> {
  const url = new URL(hook.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(
      url,
      {
        method: 'POST',
        lookup,
        signal,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(hook.body),
          'user-agent': 'Sitelens-Webhook/1',
          'sitelens-event': hook.event,
          'sitelens-delivery': String(hook.deliveryId),
          [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(hook.body, hook.secrets, hook.now),
        },
      },
      (response: IncomingMessage) => {
        // The answer's body is not read: the status is all that counts.
        response.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(hook.body);
  });
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|EPROTO$|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH$|ERR_OSSL)/;

function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timeout';
  const code = String((error as { code?: string }).code ?? '');
  if (code === 'ETIMEDOUT') return 'timeout';
  if (TLS_CODE.test(code)) return 'tls';
  return 'unreachable';
}
