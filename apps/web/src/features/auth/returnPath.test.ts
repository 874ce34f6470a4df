import { describe, expect, it } from 'vitest';
import { loginPathFor, returnPathFrom } from './returnPath.ts';

describe('return path after sign-in', () => {
  it('keeps the path and the query of a deep link', () => {
    const login = loginPathFor('/counting/12?x=1');
    expect(login).toBe('/login?from=%2Fcounting%2F12%3Fx%3D1');
    expect(returnPathFrom(login.slice('/login'.length))).toBe('/counting/12?x=1');
  });

  it.each(['?from=https://evil.example', '?from=//evil.example', '?from=/\\evil.example', ''])(
    'lands on analytics for %s',
    (search) => expect(returnPathFrom(search)).toBe('/analytics'),
  );
});
