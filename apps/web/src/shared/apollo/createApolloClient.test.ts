import { gql } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { createApolloClient, type SessionBridge } from './createApolloClient.ts';

const ME = gql`
  query Me {
    me {
      id
    }
  }
`;
const RENAME = gql`
  mutation Rename($profile: UserProfileInput!) {
    updateUserProfile(profile: $profile) {
      id
    }
  }
`;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const expired = () => json({ errors: [{ message: 'expired', extensions: { code: 'TOKEN_EXPIRED' } }] });
const me = () => json({ data: { me: { __typename: 'User', id: 7 } } });

function setup(responses: Array<() => Response>, overrides: Partial<SessionBridge> = {}) {
  let token: string | null = 'old';
  const session: SessionBridge = {
    getToken: () => token,
    isExpired: () => false,
    renew: vi.fn(async () => (token = 'new')),
    invalidate: vi.fn(),
    ...overrides,
  };
  const requests: Array<{ authorization: string | null; body: { variables?: unknown } }> = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    requests.push({ authorization: headers.get('authorization'), body: JSON.parse(String(init?.body)) });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  });
  const client = createApolloClient(session, { uri: 'http://test/graphql', fetch: fetchMock as typeof fetch });
  return { client, session, requests };
}

describe('Apollo links of the session', () => {
  it('sends the bearer token, renews once on TOKEN_EXPIRED and retries with the new token', async () => {
    const { client, session, requests } = setup([expired, me]);
    const result = await client.query({ query: ME, fetchPolicy: 'network-only' });
    expect(result.data.me.id).toBe(7);
    expect(session.renew).toHaveBeenCalledTimes(1);
    expect(requests.map((r) => r.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not loop: a second TOKEN_EXPIRED after the retry ends the session', async () => {
    const { client, session } = setup([expired, expired]);
    await expect(client.query({ query: ME, fetchPolicy: 'network-only' })).rejects.toThrow();
    expect(session.renew).toHaveBeenCalledTimes(1);
    expect(session.invalidate).toHaveBeenCalledTimes(1);
  });

  it('ends the session on UNAUTHENTICATED', async () => {
    const unauthenticated = () => json({ errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] });
    const { client, session } = setup([unauthenticated]);
    await expect(client.query({ query: ME, fetchPolicy: 'network-only' })).rejects.toThrow();
    expect(session.invalidate).toHaveBeenCalledTimes(1);
    expect(session.renew).not.toHaveBeenCalled();
  });

  it('renews before sending when the held token is already expired', async () => {
    const { client, session, requests } = setup([me], { isExpired: (t) => t === 'old' });
    await client.query({ query: ME, fetchPolicy: 'network-only' });
    expect(session.renew).toHaveBeenCalledTimes(1);
    expect(requests[0]!.authorization).toBe('Bearer new');
  });

  it('strips __typename and undefined values from mutation variables', async () => {
    const renamed = () => json({ data: { updateUserProfile: { __typename: 'User', id: 7 } } });
    const { client, requests } = setup([renamed]);
    await client.mutate({
      mutation: RENAME,
      variables: { profile: { __typename: 'UserProfileInput', firstName: 'Ana', lastName: undefined } },
    });
    expect(requests[0]!.body.variables).toEqual({ profile: { firstName: 'Ana' } });
  });
});
