import * as client from 'openid-client';
import type { Context } from '../../../graphql/context.ts';
import { AppError } from '../../../graphql/errors.ts';
import { releaseAttempt, takeAttempt } from '../attemptLimiter.ts';
import { ADDRESS_FACTOR } from '../loginRateLimit.ts';
import { consumeToken, issueToken } from '../purposeSecrets.ts';
import { type OidcProvider, callbackUrl, providerConfiguration } from './providers.ts';
import { type ProviderIdentity, userForIdentity } from './identities.ts';
import { type UserRow, lastUsedOrganizationOf } from '../../users/users.repo.ts';
import { clientAddress } from '../../../http/clientAddress.ts';

/**
 * The OpenID Connect authorization code flow with PKCE (RFC 7636), state and nonce:
 * - start: a random `state` (a single-use purpose token, 10 minutes), which is also written to an
 *   HttpOnly cookie of this browser, and a `nonce` and PKCE verifier kept with the state's row;
 * - callback: the state must be this browser's cookie AND a live token, consumed at once (a
 *   replayed or forged callback finds nothing); the code is exchanged with the verifier, and the ID
 *   token's signature (provider's keys), issuer, audience, expiry and nonce are checked by
 *   openid-client; the verified e-mail then names an existing account (identities.ts).
 * Both steps are limited per client address, failures sharing the password sign-in's address budget.
 */

export const STATE_MINUTES = 10;
const purpose = (p: OidcProvider) => `oidc-state:${p.id}`;

interface PendingSignIn {
  nonce: string;
  verifier: string;
  returnTo: string;
}

/** Only a path of this site (never another origin) is followed after sign-in. */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || from.length > 500) return null;
  if (!from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\') || from.startsWith('/login')) return null;
  return /^[\x21-\x7e]*$/.test(from) ? from : null;
}

const addressKey = (ctx: Context, what: string) => ({ key: `${what}:address:${clientAddress(ctx.request.ip)}`, limit: ctx.config.LOGIN_RATE_LIMIT * ADDRESS_FACTOR });

/** Begins a sign-in at the provider: the URL to send the browser to, and the state for its cookie. */
export async function startProviderSignIn(ctx: Context, provider: OidcProvider, from: unknown): Promise<{ url: string; state: string }> {
  const now = ctx.now();
  const windowMs = ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000;
  // Each start writes a row: an address may start only so many sign-ins per window.
  const attempt = await takeAttempt(ctx.database, [addressKey(ctx, 'sso-start')], { windowMs, now });
  if (!attempt.allowed) throw new AppError('LOGIN_RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const configuration = await providerConfiguration(provider);
  const pending: PendingSignIn = { nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier(), returnTo: safeReturnPath(from) ?? '/analytics' };
  const { token: state } = await issueToken(ctx.database, { purpose: purpose(provider), subject: provider.id, ttlMs: STATE_MINUTES * 60_000, now, data: pending });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(ctx.config, provider.id),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state,
    nonce: pending.nonce,
  });
  return { url: url.href, state };
}

/**
 * Completes a sign-in from the provider's redirect: the user it names and where to go afterwards.
 * Throws LOGIN_SSO_FAILED (state, code, token), LOGIN_SSO_USER_NOT_FOUND or LOGIN_RATE_LIMITED.
 */
export async function finishProviderSignIn(ctx: Context, provider: OidcProvider, query: string, cookieState: string | null): Promise<{ user: UserRow; returnTo: string }> {
  const now = ctx.now();
  const attempt = await takeAttempt(ctx.database, [addressKey(ctx, 'login')], { windowMs: ctx.config.LOGIN_RATE_WINDOW_SECONDS * 1000, now });
  if (!attempt.allowed) throw new AppError('LOGIN_RATE_LIMITED', { retryAfterSeconds: Math.ceil(attempt.retryAfterMs / 1000) });
  const params = new URLSearchParams(query);
  const state = params.get('state');
  // The state must be the one this browser started with (no sign-in forced on someone else's
  // browser) and still unused (a replayed redirect, code included, is refused here).
  if (!state || !cookieState || state !== cookieState) throw new AppError('LOGIN_SSO_FAILED', { reason: 'state' });
  const row = await consumeToken(ctx.database, { purpose: purpose(provider), token: state, now });
  if (!row) throw new AppError('LOGIN_SSO_FAILED', { reason: 'state' });
  const pending = row.data as PendingSignIn;
  const identity = await exchangeCode(ctx, provider, query, state, pending);
  const user = await userForIdentity(ctx.database, identity, now);
  // Without an active membership the account is answered as no account (not told apart).
  if (!user || (await lastUsedOrganizationOf(ctx.database, user.id)) === null) throw new AppError('LOGIN_SSO_USER_NOT_FOUND');
  await releaseAttempt(ctx.database, attempt.taken);
  return { user, returnTo: safeReturnPath(pending.returnTo) ?? '/analytics' };
}

async function exchangeCode(ctx: Context, provider: OidcProvider, query: string, state: string, pending: PendingSignIn): Promise<ProviderIdentity> {
  try {
    const configuration = await providerConfiguration(provider);
    const tokens = await client.authorizationCodeGrant(configuration, new URL(`${callbackUrl(ctx.config, provider.id)}?${query}`), {
      pkceCodeVerifier: pending.verifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified === true;
    // Providers that keep the e-mail out of the ID token give it at the userinfo endpoint, for
    // the subject the ID token named.
    if (!email) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified === true;
    }
    return { issuer: claims.iss, subject: claims.sub, email, emailVerified: verified };
  } catch (error) {
    // Only the error's kind and words: never the code, tokens or secrets.
    ctx.request.log.warn({ provider: provider.id, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown', code: (error as { code?: unknown }).code }, 'single sign-on refused');
    throw new AppError('LOGIN_SSO_FAILED', { reason: 'token' });
  }
}
