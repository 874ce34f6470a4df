/**
 * One GraphQL call to a server started as its own process, bounded (30 s) so that a call that never
 * answers fails naming itself instead of running out the test's time.
 */
export async function gqlOverHttp(base: string, query: string, opts: { variables?: Record<string, unknown>; token?: string } = {}): Promise<any> {
  const res = await fetch(`${base}/graphql`, {
    signal: AbortSignal.timeout(30_000),
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: JSON.stringify({ query, variables: opts.variables ?? {} }),
  });
  return res.json();
}
