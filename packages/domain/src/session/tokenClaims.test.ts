import { describe, expect, it } from 'vitest';
import { decodeTokenClaims, isTokenExpired } from './tokenClaims.ts';

// Built by hand so the test does not depend on the decoder it checks.
const b64url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown): string => `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.sig`;

describe('decodeTokenClaims', () => {
  it.each([
    ['all claims', jwt({ sub: '42', exp: 1_800_000_000, adminUserId: 7 }), { sub: '42', exp: 1_800_000_000, adminUserId: 7 }],
    ['numeric subject', jwt({ sub: 42 }), { sub: '42' }],
    ['admin id as digits', jwt({ adminUserId: '7' }), { adminUserId: 7 }],
    ['unknown and wrong-typed claims dropped', jwt({ sub: null, exp: 'soon', role: 'admin' }), {}],
    ['non-ASCII payload (base64url - and _)', jwt({ sub: 'Zoë ?>>' }), { sub: 'Zoë ?>>' }],
    ['empty payload object', jwt({}), {}],
    ['payload is an array', jwt([1, 2]), null],
    ['payload is a string', jwt('x'), null],
    ['two segments', 'abc.def', null],
    ['empty payload', 'abc..sig', null],
    ['not base64url', 'abc.@@@.sig', null],
    ['not JSON', `abc.${b64url('not json')}.sig`, null],
    ['invalid UTF-8', `abc.${btoa('\xff\xfe').replace(/=+$/, '')}.sig`, null],
    ['empty string', '', null],
  ])('%s', (_label, token, expected) => {
    expect(decodeTokenClaims(token)).toEqual(expected);
  });
});

describe('isTokenExpired', () => {
  const now = 1_800_000_000_000;
  it.each([
    ['missing', undefined, true],
    ['null', null, true],
    ['zero', 0, true],
    ['NaN', Number.NaN, true],
    ['in the past', 1_799_999_999, true],
    ['exactly now', 1_800_000_000, true],
    ['one second ahead', 1_800_000_001, false],
    ['in ten hours', 1_800_036_000, false],
  ])('%s → %s', (_label, exp, expected) => {
    expect(isTokenExpired(exp, now)).toBe(expected);
  });
});
