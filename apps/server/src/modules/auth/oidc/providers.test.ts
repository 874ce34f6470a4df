import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import { configuredProviders } from './providers.ts';
import { safeReturnPath } from './oidcFlow.ts';

const partner = { OIDC_PARTNER_ISSUER: 'https://id.partner.example', OIDC_PARTNER_CLIENT_ID: 'sitelens', OIDC_PARTNER_CLIENT_SECRET: 's3cret' };

describe('single sign-on providers from the configuration', () => {
  it('offers none when none is configured, and each one whose three variables are set', () => {
    expect(configuredProviders(loadConfig({}))).toEqual([]);
    expect(configuredProviders(loadConfig(partner)).map((p) => [p.id, p.kind, p.label])).toEqual([['partner', 'RETAIL_PARTNER', null]]);
  });

  it('refuses an incomplete provider and a plain-http issuer elsewhere than this machine', () => {
    expect(() => loadConfig({ OIDC_SOCIAL_ISSUER: 'https://accounts.example' })).toThrow(/OIDC_SOCIAL_CLIENT_ID: required with the other OIDC_SOCIAL_ variables/);
    expect(() => loadConfig({ ...partner, OIDC_PARTNER_ISSUER: 'http://id.partner.example' })).toThrow(ConfigError);
    expect(configuredProviders(loadConfig({ ...partner, OIDC_PARTNER_ISSUER: 'http://127.0.0.1:9000' }))).toHaveLength(1);
  });

  it('follows only paths of this site after sign-in', () => {
    expect(['/analytics/overview?x=1', '//evil.example', '/\\evil.example', 'https://evil.example', '/login?from=/x'].map(safeReturnPath)).toEqual(['/analytics/overview?x=1', null, null, null, null]);
  });
});
