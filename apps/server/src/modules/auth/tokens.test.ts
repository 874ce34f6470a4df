import { describe, expect, it } from 'vitest';
import type { TokenKeys } from '../../graphql/context.ts';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const keys: TokenKeys = { secret: new Uint8Array(32).fill(3), accessTokenSeconds: 900 };
const claims = { userId: 7, adminUserId: null, sid: '3b0c6a0e-1111-4222-8333-944445555666' };
const at = (iso: string) => new Date(iso);

describe('access tokens, verified once and known by their text', () => {
  it('a token verified before is still refused once it has expired', async () => {
    const token = await signAccessToken(keys, claims, at('2026-03-02T10:00:00Z'));
    expect(await verifyAccessToken(keys, token, at('2026-03-02T10:05:00Z'))).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(keys, token, at('2026-03-02T10:14:59Z'))).toEqual({ ok: true, claims });
    expect(await verifyAccessToken(keys, token, at('2026-03-02T10:15:00Z'))).toEqual({ ok: false, expired: true });
  });

  it('a changed byte is another text: its signature is checked, and fails', async () => {
    const token = await signAccessToken(keys, { ...claims, userId: 8 }, at('2026-03-02T10:00:00Z'));
    expect((await verifyAccessToken(keys, token, at('2026-03-02T10:01:00Z'))).ok).toBe(true);
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${Buffer.from(Buffer.from(body!, 'base64url').toString().replace('"8"', '"9"')).toString('base64url')}.${signature}`;
    expect(await verifyAccessToken(keys, forged, at('2026-03-02T10:01:00Z'))).toEqual({ ok: false, expired: false });
  });

  it('a token of other keys is not known by these', async () => {
    const other: TokenKeys = { secret: new Uint8Array(32).fill(4), accessTokenSeconds: 900 };
    const token = await signAccessToken(other, claims, at('2026-03-02T10:00:00Z'));
    expect((await verifyAccessToken(other, token, at('2026-03-02T10:01:00Z'))).ok).toBe(true);
    expect((await verifyAccessToken(keys, token, at('2026-03-02T10:01:00Z'))).ok).toBe(false);
  });
});
