import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, Observable, split, type FetchResult } from '@apollo/client';
import { onError } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import type { GraphQLFormattedError } from 'graphql';
import { createQueryBatchLink } from './queryBatchLink.ts';
import { createSseLink } from './sseLink.ts';
import { stripVariables } from './stripVariables.ts';
import { createUploadLink, hasFiles } from './uploadLink.ts';

export interface SessionBridge {
  getToken(): string | null;
  /** True when the held token's exp claim says it is expired. */
  isExpired(token: string): boolean;
  /** Single-flight renewal: the new token, or null when the session is invalid. */
  renew(): Promise<string | null>;
  /** Logout-type action: the server does not accept the session any more. */
  invalidate(): void;
}

const RETRIED = 'retriedAfterRenewal';
const SESSION_CODES = ['UNAUTHENTICATED', 'TOKEN_EXPIRED'];

function codesOf(errors: ReadonlyArray<GraphQLFormattedError> | undefined): string[] {
  return (errors ?? []).map((e) => e.extensions?.code).filter((c): c is string => typeof c === 'string');
}

/** Whether an operation's document is a query, a mutation or a subscription. */
const isOperation =
  (kind: 'query' | 'mutation' | 'subscription') =>
  ({ query }: { query: Parameters<typeof getMainDefinition>[0] }): boolean => {
    const definition = getMainDefinition(query);
    return definition.kind === 'OperationDefinition' && definition.operation === kind;
  };

export function createApolloClient(
  session: SessionBridge,
  http: { uri?: string; fetch?: typeof fetch; retryWait?: (retries: number) => Promise<void> } = {},
): ApolloClient<object> {
  const uri = http.uri ?? '/graphql';
  const stripLink = new ApolloLink((operation, forward) => {
    if (isOperation('mutation')(operation)) {
      operation.variables = stripVariables(operation.variables);
    }
    return forward(operation);
  });

  const authLink = new ApolloLink(
    (operation, forward) =>
      new Observable<FetchResult>((observer) => {
        let subscription: { unsubscribe(): void } | undefined;
        const held = session.getToken();
        const renewing = held !== null && session.isExpired(held);
        const ready = renewing ? session.renew() : Promise.resolve(held);
        ready
          .then((token) => {
            if (renewing && !token) {
              // The session is over (the renewal has already signed out): nothing worth sending.
              observer.error(new Error('UNAUTHENTICATED'));
              return;
            }
            if (token) {
              operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
                headers: { ...headers, authorization: `Bearer ${token}` },
              }));
            }
            subscription = forward(operation).subscribe(observer);
          })
          .catch((error: unknown) => observer.error(error));
        return () => subscription?.unsubscribe();
      }),
  );

  const errorLink = onError(({ graphQLErrors, networkError, operation, forward }) => {
    const bodyErrors =
      networkError && 'result' in networkError && typeof networkError.result === 'object'
        ? (networkError.result as { errors?: GraphQLFormattedError[] }).errors
        : undefined;
    const codes = [...codesOf(graphQLErrors), ...codesOf(bodyErrors)];
    if (codes.includes('TOKEN_EXPIRED') && !operation.getContext()[RETRIED]) {
      // One renewal, then the request is retried once (spec 000 §8).
      return new Observable<FetchResult>((observer) => {
        let subscription: { unsubscribe(): void } | undefined;
        session
          .renew()
          .then((token) => {
            if (!token) {
              observer.error(new Error('UNAUTHENTICATED'));
              return;
            }
            operation.setContext({ [RETRIED]: true });
            // The retry bypasses this link, so its own refusal is read here: no second renewal.
            subscription = forward(operation).subscribe({
              next: (result) => {
                if (codesOf(result.errors).some((code) => SESSION_CODES.includes(code))) session.invalidate();
                observer.next(result);
              },
              error: (error: unknown) => observer.error(error),
              complete: () => observer.complete(),
            });
          })
          .catch((error: unknown) => observer.error(error));
        return () => subscription?.unsubscribe();
      });
    }
    if (codes.some((code) => SESSION_CODES.includes(code))) session.invalidate();
    if (networkError && !bodyErrors) console.warn('[network]', networkError.message);
    return undefined;
  });

  // A reconnecting stream asks for the token then, renewed if it expired since the subscription began.
  const freshAuth = async (): Promise<Record<string, string>> => {
    const held = session.getToken();
    const token = held !== null && session.isExpired(held) ? await session.renew() : held;
    return token ? { authorization: `Bearer ${token}` } : {};
  };
  const isSubscription = isOperation('subscription');
  const isQuery = isOperation('query');
  const transport = split(
    isSubscription,
    createSseLink({ uri, credentials: 'same-origin', fetch: http.fetch, headers: freshAuth, retryWait: http.retryWait }),
    // Operations carrying files (the sales import) go as GraphQL multipart requests; queries asked
    // together (a page as it renders) in one request; mutations one by one, in order.
    split(
      hasFiles,
      createUploadLink({ uri, fetch: http.fetch }),
      split(isQuery, createQueryBatchLink({ uri, fetch: http.fetch }), new HttpLink({ uri, credentials: 'same-origin', fetch: http.fetch })),
    ),
  );

  return new ApolloClient({
    link: ApolloLink.from([stripLink, errorLink, authLink, transport]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network' },
    },
  });
}
