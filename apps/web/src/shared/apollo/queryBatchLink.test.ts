import { execute, gql } from '@apollo/client';
import { OPERATIONS_PER_REQUEST_MAX } from '@sitelens/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApolloClient, type SessionBridge } from './createApolloClient.ts';
import { createQueryBatchLink } from './queryBatchLink.ts';

const SITE = gql`
  query Site($id: Int!) {
    installationById(installationId: $id) {
      id
      name
    }
  }
`;
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

type Sent = { query: string; variables?: { id?: number }; operationName?: string };
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A server that answers each operation of a request in its place: sites by id, me, and renames. */
function setup(answer: (op: Sent, authorization: string | null) => unknown = defaultAnswer) {
  let token = 'old';
  const session: SessionBridge = { getToken: () => token, isExpired: () => false, renew: vi.fn(async () => (token = 'new')), invalidate: vi.fn() };
  const bodies: Array<{ authorization: string | null; body: Sent | Sent[] }> = [];
  const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Sent | Sent[];
    const authorization = new Headers(init?.headers).get('authorization');
    bodies.push({ authorization, body });
    return json(Array.isArray(body) ? body.map((op) => answer(op, authorization)) : answer(body, authorization));
  });
  return { client: createApolloClient(session, { uri: 'http://test/graphql', fetch: fetchMock as typeof fetch }), bodies, session };
}

function defaultAnswer(op: Sent): unknown {
  if (op.operationName === 'Site') return { data: { installationById: { __typename: 'Installation', id: op.variables!.id, name: `Site ${op.variables!.id}` } } };
  if (op.operationName === 'Me') return { data: { me: { __typename: 'User', id: 7 } } };
  return { data: { updateUserProfile: { __typename: 'User', id: 7 } } };
}

const site = (client: ReturnType<typeof setup>['client'], id: number) => client.query({ query: SITE, variables: { id }, fetchPolicy: 'network-only' });

describe('queries asked together go in one request', () => {
  it('sends the queries of one task as one array, and gives each its own answer', async () => {
    const { client, bodies } = setup();
    const [a, b, me] = await Promise.all([site(client, 1), site(client, 2), client.query({ query: ME, fetchPolicy: 'network-only' })]);
    expect(bodies).toHaveLength(1);
    expect((bodies[0]!.body as Sent[]).map((op) => op.operationName)).toEqual(['Site', 'Site', 'Me']);
    expect(bodies[0]!.authorization).toBe('Bearer old');
    expect([a.data.installationById.name, b.data.installationById.name, me.data.me.id]).toEqual(['Site 1', 'Site 2', 7]);
  });

  it('sends a query asked alone as one operation, not an array', async () => {
    const { client, bodies } = setup();
    await site(client, 3);
    expect(Array.isArray(bodies[0]!.body)).toBe(false);
    expect((bodies[0]!.body as Sent).variables).toEqual({ id: 3 });
  });

  it(`splits more than ${OPERATIONS_PER_REQUEST_MAX} queries into requests of at most that many`, async () => {
    const { client, bodies } = setup();
    const ids = Array.from({ length: OPERATIONS_PER_REQUEST_MAX + 3 }, (_, i) => i + 1);
    const answers = await Promise.all(ids.map((id) => site(client, id)));
    expect(bodies.map((b) => (Array.isArray(b.body) ? b.body.length : 1))).toEqual([OPERATIONS_PER_REQUEST_MAX, 3]);
    expect(answers.map((r) => r.data.installationById.id)).toEqual(ids);
  });

  it('never puts a mutation in a batch: it goes alone, beside the queries of its task', async () => {
    const { client, bodies } = setup();
    await Promise.all([site(client, 1), site(client, 2), client.mutate({ mutation: RENAME, variables: { profile: { firstName: 'Ann' } } })]);
    const shapes = bodies.map((b) => (Array.isArray(b.body) ? b.body.map((op) => op.operationName).join('+') : b.body.operationName));
    expect(shapes.sort()).toEqual(['Rename', 'Site+Site']);
  });

  it('renews once when a batched query finds its token expired, and asks that query again alone', async () => {
    const { client, bodies, session } = setup((op, authorization) =>
      op.operationName === 'Me' && authorization === 'Bearer old' ? { errors: [{ message: 'expired', extensions: { code: 'TOKEN_EXPIRED' } }] } : defaultAnswer(op),
    );
    const [a, me] = await Promise.all([site(client, 1), client.query({ query: ME, fetchPolicy: 'network-only' })]);
    expect(a.data.installationById.name).toBe('Site 1');
    expect(me.data.me.id).toBe(7);
    expect(session.renew).toHaveBeenCalledTimes(1);
    expect(bodies.map((b) => [b.authorization, Array.isArray(b.body) ? b.body.length : 1])).toEqual([
      ['Bearer old', 2],
      ['Bearer new', 1],
    ]);
  });

  it('lets one query of a batch be dropped before it is sent while the others are answered', async () => {
    const sent: Sent[] = [];
    const link = createQueryBatchLink({
      uri: 'http://test/graphql',
      fetch: (async (_url: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Sent | Sent[];
        sent.push(...(Array.isArray(body) ? body : [body]));
        return json(Array.isArray(body) ? body.map((op) => defaultAnswer(op)) : defaultAnswer(body));
      }) as typeof fetch,
    });
    const dropped = execute(link, { query: SITE, variables: { id: 9 } }).subscribe({});
    const kept = new Promise((resolve, reject) => execute(link, { query: SITE, variables: { id: 1 } }).subscribe({ next: resolve, error: reject }));
    dropped.unsubscribe();
    expect(await kept).toEqual({ data: { installationById: { __typename: 'Installation', id: 1, name: 'Site 1' } } });
    expect(sent.map((op) => op.variables?.id)).toEqual([1]);
  });
});
