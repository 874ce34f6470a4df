import * as client from 'openid-client';
import { type Config, publicUrl } from '../../../config.ts';

/** The two sign-in providers of the login page (spec 000 §2): a social one and a retail partner. */
export const PROVIDER_IDS = ['social', 'partner'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
export type ProviderKind = 'SOCIAL' | 'RETAIL_PARTNER';

export interface OidcProvider {
  id: ProviderId;
  kind: ProviderKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The provider's name on the button; null: the translated generic words. */
  label: string | null;
}

export const isProviderId = (v: unknown): v is ProviderId => typeof v === 'string' && (PROVIDER_IDS as readonly string[]).includes(v);

/** The providers whose issuer, client id and secret are all set (config.ts requires all three or none). */
export function configuredProviders(config: Config): OidcProvider[] {
  const slots = [
    { id: 'social', kind: 'SOCIAL', issuer: config.OIDC_SOCIAL_ISSUER, clientId: config.OIDC_SOCIAL_CLIENT_ID, clientSecret: config.OIDC_SOCIAL_CLIENT_SECRET, label: config.OIDC_SOCIAL_LABEL },
    { id: 'partner', kind: 'RETAIL_PARTNER', issuer: config.OIDC_PARTNER_ISSUER, clientId: config.OIDC_PARTNER_CLIENT_ID, clientSecret: config.OIDC_PARTNER_CLIENT_SECRET, label: config.OIDC_PARTNER_LABEL },
  ] as const;
  return slots.flatMap((s) => (s.issuer && s.clientId && s.clientSecret ? [{ id: s.id, kind: s.kind, issuer: s.issuer, clientId: s.clientId, clientSecret: s.clientSecret, label: s.label ?? null }] : []));
}

export const providerById = (config: Config, id: string): OidcProvider | null => configuredProviders(config).find((p) => p.id === id) ?? null;

/** Where the provider sends the browser back; registered at the provider as the redirect URI. */
export const callbackUrl = (config: Config, id: ProviderId) => `${publicUrl(config)}/auth/oidc/${id}/callback`;

// Discovery (the provider's metadata and keys' address) is fetched once per issuer and client and
// kept; a failed discovery is not kept, so the next sign-in tries again.
const discovered = new Map<string, Promise<client.Configuration>>();

export function providerConfiguration(provider: OidcProvider): Promise<client.Configuration> {
  const key = `${provider.issuer}\u0000${provider.clientId}\u0000${provider.clientSecret}`;
  let found = discovered.get(key);
  if (!found) {
    // http is accepted by config.ts for a provider on this machine only (a local test provider).
    const insecure = new URL(provider.issuer).protocol === 'http:';
    found = client
      .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .then((configuration) => {
        // Verify the ID token's signature against the provider's published keys too (openid-client
        // otherwise relies on TLS to the token endpoint): issuer, audience, expiry and nonce are
        // checked by authorizationCodeGrant.
        client.enableNonRepudiationChecks(configuration);
        return configuration;
      });
    found.catch(() => discovered.delete(key));
    discovered.set(key, found);
  }
  return found;
}
