import { DEMO_ADMIN, demoCountingSite as pickCountingSite } from '../../apps/web/e2e/demoCountingSite.ts';

export { DEMO_ADMIN };

async function gql<T>(base: string, query: string, token?: string): Promise<T> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (!res.ok || body.errors || !body.data) throw new Error(`GraphQL failed (${res.status}): ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data;
}

/** The counting site the browser phase opens, picked as the e2e suite picks it. */
export function demoCountingSite(base: string): Promise<{ id: number; name: string }> {
  return pickCountingSite((query, token) => gql(base, query, token));
}
