/**
 * A bare GraphQL POST for the few calls that must not go through Apollo's links:
 * the token renewal (the links call it) and the public translation catalogues (needed before
 * the client exists).
 */
export interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: ReadonlyArray<{ message: string; extensions?: { code?: string } }>;
}

export async function postGraphql<T>(query: string, variables?: Record<string, unknown>): Promise<GraphqlAnswer<T>> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw new Error(response.statusText || `HTTP ${response.status}`);
  return (await response.json()) as GraphqlAnswer<T>;
}

export function errorCodes(errors: GraphqlAnswer<unknown>['errors']): string[] {
  return (errors ?? []).map((e) => e.extensions?.code).filter((c): c is string => typeof c === 'string');
}
