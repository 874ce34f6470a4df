import type { Config } from '../config.ts';
import { type JobDefinition, type JobOptions, defineJob } from '../jobs/defineJob.ts';
import type { JobDeps } from '../jobs/jobDeps.ts';
import { reasonOf } from '../jobs/queueWorker.ts';
import { type Attachment, type DeliveryRow, markAttemptFailed, markFailed, markSent, purgeDeliveries, queuedDelivery } from './deliveries.repo.ts';
import type { MessageChannel } from './messages.tables.ts';
import { forgetPushEndpoint, pushSubscriptionByEndpoint, touchPushSubscription } from './push/pushSubscriptions.repo.ts';
import { pushEndpointProblem } from './push/pushServiceHost.ts';
import { SubscriptionGoneError } from './push/webPushSender.ts';
import { SendError } from './sendError.ts';
import { postWebhook } from './webhook/webhookSender.ts';
import { signingSecrets, webhookSecretOf } from './webhook/webhookSecrets.ts';

type Delivery = DeliveryRow & { content: any; attachments: Attachment[] };

/** The failure recorded for a message whose user left the organization (or was made inactive there) before it went. */
export const NOT_A_MEMBER = 'the recipient is no longer a member of the organization';
type Send = (d: Delivery, deps: JobDeps, signal: AbortSignal) => Promise<string>;

/**
 * Sends one recorded message. Sent: recorded with the provider's id, its content dropped. A refusal
 * that retrying cannot change: recorded as failed at once. Anything else: the attempt and its
 * reason are recorded and the job fails, so the queue retries it with backoff; after the last retry
 * onFinalFailure records it as failed. A delivery no longer queued (sent by an earlier run that
 * the process did not live to complete) is not sent again.
 */
function deliveryJob(channel: MessageChannel, send: Send): JobDefinition<{ deliveryId: number }> {
  return defineJob({
    name: `messages.${channel}`,
    options: { batchSize: 10 },
    async run({ deliveryId }, run, deps) {
      const delivery = await queuedDelivery(deps.database, deliveryId);
      if (!delivery) return;
      // Recorded for a member of the organization: sent only while they still are one.
      if (delivery.userId !== null && delivery.organizationId !== null && !(await deps.messages.stillAddressed(delivery.userId, delivery.organizationId))) {
        return markFailed(deps.database, deliveryId, NOT_A_MEMBER, { now: deps.now(), countAttempt: false });
      }
      let providerId: string;
      try {
        providerId = await send(delivery, deps, run.signal);
      } catch (error) {
        const reason = reasonOf(error);
        if (error instanceof SendError && error.permanent) return markFailed(deps.database, deliveryId, reason, { now: deps.now(), countAttempt: true });
        await markAttemptFailed(deps.database, deliveryId, reason, deps.now());
        throw error;
      }
      await markSent(deps.database, deliveryId, providerId, deps.now());
    },
    async onFinalFailure({ deliveryId }, reason, deps) {
      await markFailed(deps.database, deliveryId, reason, { now: deps.now(), countAttempt: false });
    },
  });
}

export const emailDeliveryJob = deliveryJob('email', (d, deps, signal) =>
  deps.messages.senders.mailer.send(
    { deliveryId: d.id, to: d.recipient, subject: d.subject, html: d.content.html, text: d.content.text, headers: d.content.headers ?? {}, attachments: d.attachments },
    signal,
  ),
);

export const smsDeliveryJob = deliveryJob('sms', (d, deps, signal) => deps.messages.senders.sms.send({ deliveryId: d.id, to: d.recipient, body: d.content.body, signal }));

export const pushDeliveryJob = deliveryJob('push', async (d, deps, signal) => {
  const browser = await pushSubscriptionByEndpoint(deps.database, d.content.endpoint);
  if (!browser) throw new SendError('the browser turned notifications off', true);
  // Checked at subscription too; again here for endpoints stored before the rule, or a list narrowed since.
  const problem = pushEndpointProblem(browser.endpoint, deps.config.PUSH_SERVICE_HOSTS);
  if (problem) throw new SendError(`not a push service's address (${problem})`, true);
  // The same browser subscribing again moves to its new user: a message of the one before is not theirs.
  if (browser.userId !== d.userId) throw new SendError('the browser now notifies another user', true);
  try {
    await deps.messages.senders.push.send(browser, d.content.payload, signal);
  } catch (error) {
    if (error instanceof SubscriptionGoneError) await forgetPushEndpoint(deps.database, browser.endpoint);
    throw error;
  }
  await touchPushSubscription(deps.database, browser.endpoint, deps.now());
  return new URL(browser.endpoint).host;
});

export const webhookDeliveryJob = deliveryJob('webhook', async (d, deps, signal) => {
  const now = deps.now();
  const { url, event, createdAt, payload } = d.content;
  const secret = await webhookSecretOf(deps.database, d.organizationId!, now);
  const body = JSON.stringify({ id: d.id, event, createdAt, organizationId: d.organizationId, data: payload });
  return postWebhook({ deliveryId: d.id, url, event, body, secrets: signingSecrets(secret, now), now, signal }, deps.messages.senders.webhook);
});

const jobs: Record<MessageChannel, JobDefinition<{ deliveryId: number }>> = {
  email: emailDeliveryJob,
  sms: smsDeliveryJob,
  push: pushDeliveryJob,
  webhook: webhookDeliveryJob,
};

export const deliveryJobOf = (channel: MessageChannel) => jobs[channel];

/** Once a day, the records of old messages go (MESSAGE_RETENTION_DAYS). */
export const purgeDeliveriesJob = defineJob<Record<string, never>>({
  name: 'messages.purge',
  options: { retryLimit: 2 },
  schedule: { rule: { kind: 'weekly', weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['03:30'] }, timeZone: 'UTC' },
  async run(_data, _run, deps) {
    const before = new Date(deps.now().getTime() - deps.config.MESSAGE_RETENTION_DAYS * 86_400_000);
    const removed = await purgeDeliveries(deps.database, before);
    if (removed > 0) deps.log.info({ removed }, 'old message records removed');
  },
});

/** The message jobs with the retry settings of the configuration. */
export function messageJobs(config: Config): JobDefinition<any>[] {
  const options: JobOptions = {
    batchSize: 10,
    retryLimit: config.MESSAGE_RETRY_LIMIT,
    retryDelaySeconds: config.MESSAGE_RETRY_DELAY_SECONDS,
    timeoutSeconds: config.MESSAGE_TIMEOUT_SECONDS,
  };
  return [...Object.values(jobs).map((job) => ({ ...job, options })), purgeDeliveriesJob];
}
