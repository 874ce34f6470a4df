import { builder } from '../../graphql/builder.ts';
import { connectionRef } from '../../graphql/connectionTypes.ts';
import type { DeliveryRow } from '../../messages/deliveries.repo.ts';
import { deliveriesPage, retryDelivery, sendTestMessage } from './deliveries.service.ts';
import { pushSubscribed, sendTestPush, subscribePush, unsubscribePush, webPushPublicKey } from './push.service.ts';
import type { WebhookSecretRow } from '../../messages/webhook/webhookSecrets.repo.ts';
import { PREVIOUS_SECRET_HOURS, signingSecrets } from '../../messages/webhook/webhookSecrets.ts';
import { rotateWebhookSigningSecret, webhookSigningSecret } from './webhooks.service.ts';

const MessageChannelRef = builder.enumType('MessageChannel', {
  values: { EMAIL: { value: 'email' }, SMS: { value: 'sms' }, PUSH: { value: 'push' }, WEBHOOK: { value: 'webhook' } } as const,
});

const DeliveryStatusRef = builder.enumType('DeliveryStatus', {
  description: 'QUEUED: waiting or between retries (attempts and lastError tell); SENT: handed to the SMTP server, SMS provider, push service or webhook; FAILED: given up.',
  values: { QUEUED: { value: 'queued' }, SENT: { value: 'sent' }, FAILED: { value: 'failed' } } as const,
});

const MessageDeliveryRef = builder.objectRef<DeliveryRow>('MessageDelivery').implement({
  description: 'One outgoing message to one recipient on one channel.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    channel: t.field({ type: MessageChannelRef, resolve: (d) => d.channel }),
    recipient: t.exposeString('recipient', { description: 'E-mail address, E.164 phone number, browser, or webhook address.' }),
    template: t.exposeString('template', { description: 'Which message: the template id (alerts.triggered) or the webhook event.' }),
    subject: t.exposeString('subject'),
    lang: t.exposeString('lang'),
    status: t.field({ type: DeliveryStatusRef, resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts'),
    lastError: t.exposeString('lastError', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.updatedAt }),
    sentAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.sentAt }),
    retryable: t.boolean({ description: 'Failed, and its content is still kept: retryMessageDelivery sends it again.', resolve: (d) => d.status === 'failed' && d.hasContent }),
  }),
});

const WebhookSecretRef = builder.objectRef<WebhookSecretRow>('WebhookSigningSecret').implement({
  description: `HMAC-SHA256 key of the Sitelens-Signature header (docs/jobs-and-messages.md). After a rotation the previous key also signs for ${PREVIOUS_SECRET_HOURS} hours.`,
  fields: (t) => ({
    secret: t.exposeString('secret'),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    rotatedAt: t.field({ type: 'DateTime', resolve: (s) => s.rotatedAt }),
    previousValidUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Until when the previous secret still signs beside this one; null when it no longer does.',
      resolve: (s, _a, ctx) => (signingSecrets(s, ctx.now()).length > 1 ? s.previousValidUntil : null),
    }),
  }),
});

const PushSubscriptionInput = builder.inputType('PushSubscriptionInput', {
  description: "A browser's PushSubscription.toJSON(): its endpoint and keys.",
  fields: (t) => ({
    endpoint: t.string({ required: true }),
    p256dh: t.string({ required: true }),
    auth: t.string({ required: true }),
  }),
});

builder.queryFields((t) => ({
  messageDeliveries: t.field({
    type: connectionRef('MessageDelivery', MessageDeliveryRef),
    description: "The organization's outgoing messages, newest first (administrators).",
    authScopes: { signedIn: true },
    args: { first: t.arg.int(), after: t.arg.string(), status: t.arg({ type: DeliveryStatusRef }), channel: t.arg({ type: MessageChannelRef }) },
    resolve: (_r, a, ctx) => deliveriesPage(ctx, a),
  }),
  webhookSigningSecret: t.field({ type: WebhookSecretRef, authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => webhookSigningSecret(ctx) }),
  webPushPublicKey: t.string({ description: 'The VAPID public key browsers subscribe with.', authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => webPushPublicKey(ctx) }),
  pushSubscribed: t.boolean({
    description: "Whether the browser with this push endpoint receives the caller's notifications.",
    authScopes: { signedIn: true },
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => pushSubscribed(ctx, a.endpoint),
  }),
}));

builder.mutationFields((t) => ({
  retryMessageDelivery: t.field({
    type: MessageDeliveryRef,
    authScopes: { signedIn: true },
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => retryDelivery(ctx, a.id),
  }),
  sendTestMessage: t.field({
    type: MessageDeliveryRef,
    description: "EMAIL to the caller's address, SMS to the caller's phone, WEBHOOK to `url` (administrators).",
    authScopes: { signedIn: true },
    args: { channel: t.arg({ type: MessageChannelRef, required: true }), url: t.arg.string() },
    resolve: (_r, a, ctx) => sendTestMessage(ctx, a.channel, a.url),
  }),
  rotateWebhookSigningSecret: t.field({ type: WebhookSecretRef, authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => rotateWebhookSigningSecret(ctx) }),
  subscribePush: t.boolean({
    description: 'Turns notifications on for this browser; it receives a test notification.',
    authScopes: { signedIn: true },
    args: { subscription: t.arg({ type: PushSubscriptionInput, required: true }) },
    resolve: (_r, a, ctx) => subscribePush(ctx, a.subscription, ctx.request.headers['user-agent'] ?? ''),
  }),
  unsubscribePush: t.boolean({
    authScopes: { signedIn: true },
    args: { endpoint: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => unsubscribePush(ctx, a.endpoint),
  }),
  sendTestPush: t.int({ description: "A test notification to each of the caller's browsers; how many.", authScopes: { signedIn: true }, resolve: (_r, _a, ctx) => sendTestPush(ctx) }),
}));
