import type { Context } from '../../graphql/context.ts';
import { requireAdministeredOrganization } from '../access/access.ts';
import type { WebhookSecretRow } from '../../messages/webhook/webhookSecrets.repo.ts';
import { rotateWebhookSecret, webhookSecretOf } from '../../messages/webhook/webhookSecrets.ts';

/** The secret the organization's webhooks are signed with; administrators only. */
export async function webhookSigningSecret(ctx: Context): Promise<WebhookSecretRow> {
  return webhookSecretOf(ctx.database, requireAdministeredOrganization(ctx), ctx.now());
}

/** A new secret signs from now on; the previous one keeps signing for a day beside it. */
export async function rotateWebhookSigningSecret(ctx: Context): Promise<WebhookSecretRow> {
  return rotateWebhookSecret(ctx.database, requireAdministeredOrganization(ctx), ctx.now());
}
