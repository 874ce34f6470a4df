import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Context, type ServerDeps, requestContext } from '../../../graphql/context.ts';
import { AppError } from '../../../graphql/errors.ts';
import { signInUser } from '../auth.service.ts';
import { isTrustedBrowser } from '../trustedBrowsers.ts';
import { signInMethod, startOtpChallenge } from '../twoFactor.ts';
import { readCookie } from '../signinCookies.ts';
import { secureFor } from '../sessionCookie.ts';
import { STATE_MINUTES, finishProviderSignIn, startProviderSignIn } from './oidcFlow.ts';
import { providerById } from './providers.ts';

/** Binds a sign-in's state to the browser that started it (read back at the callback only). */
export const SSO_STATE_COOKIE = 'sitelens_sso';
const COOKIE_PATH = '/auth/oidc';

/** Back to the login page with what it must show: an error code, or the two-factor step. */
function toLogin(reply: FastifyReply, params: Record<string, string>) {
  return reply.redirect(`/login?${new URLSearchParams(params).toString()}`, 303);
}

/**
 * GET /auth/oidc/:provider/start?from=/path: to the provider's sign-in page;
 * GET /auth/oidc/:provider/callback: the provider's answer, then signed in (session cookie) and
 * back to `from`, or to the login page's code step when two-factor applies, or to the login page
 * with `ssoError=<code>`. Browsers follow these; the web app then renews its token from the cookie.
 */
export function registerOidcRoutes(app: FastifyInstance, deps: ServerDeps): void {
  const contextOf = (request: FastifyRequest, reply: FastifyReply): Context => requestContext(deps, { request, reply, caller: null, tokenExpired: false });

  app.get<{ Params: { provider: string }; Querystring: { from?: string } }>('/auth/oidc/:provider/start', async (request, reply) => {
    const provider = providerById(deps.config, request.params.provider);
    if (!provider) return reply.code(404).send({ error: 'NOT_FOUND' });
    const ctx = contextOf(request, reply);
    try {
      const { url, state } = await startProviderSignIn(ctx, provider, request.query.from);
      reply.setCookie(SSO_STATE_COOKIE, state, { httpOnly: true, secure: secureFor(ctx), sameSite: 'lax', path: COOKIE_PATH, maxAge: STATE_MINUTES * 60 });
      return reply.redirect(url, 303);
    } catch (error) {
      if (error instanceof AppError) return toLogin(reply, { ssoError: error.code });
      request.log.warn({ provider: provider.id, error: error instanceof Error ? error.message : 'unknown' }, 'single sign-on provider unreachable');
      return toLogin(reply, { ssoError: 'LOGIN_SSO_FAILED' });
    }
  });

  app.get<{ Params: { provider: string } }>('/auth/oidc/:provider/callback', async (request, reply) => {
    const provider = providerById(deps.config, request.params.provider);
    if (!provider) return reply.code(404).send({ error: 'NOT_FOUND' });
    const ctx = contextOf(request, reply);
    const cookieState = readCookie(request, SSO_STATE_COOKIE);
    reply.clearCookie(SSO_STATE_COOKIE, { path: COOKIE_PATH, httpOnly: true, secure: secureFor(ctx), sameSite: 'lax' });
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    try {
      const { user, returnTo } = await finishProviderSignIn(ctx, provider, query, cookieState);
      // The provider proved the identity as the password does: two-factor still applies.
      const method = signInMethod(user);
      if (method && !(await isTrustedBrowser(ctx, user.id))) {
        try {
          await startOtpChallenge(ctx, user, method);
        } catch (challenge) {
          if (!(challenge instanceof AppError) || challenge.code !== 'LOGIN_OTP_REQUIRED') throw challenge;
          const x = challenge.extensions;
          return toLogin(reply, { sso: '2fa', otpContact: String(x.otpContact), resendAfterSeconds: String(x.resendAfterSeconds), codeLength: String(x.codeLength), codeSent: String(x.codeSent), liveCode: String(x.liveCode), from: returnTo });
        }
      }
      await signInUser(ctx, user.id);
      return reply.redirect(returnTo, 303);
    } catch (error) {
      if (error instanceof AppError) return toLogin(reply, { ssoError: error.code });
      throw error;
    }
  });
}
