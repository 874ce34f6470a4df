import { ApolloLink, Observable, type FetchResult, type Operation } from '@apollo/client';
import { print } from 'graphql';

/** Files in an operation's variables, with their paths ("variables.input.file"). */
export function filesOf(value: unknown, path = 'variables', found: Array<{ path: string; file: Blob }> = []): Array<{ path: string; file: Blob }> {
  if (value instanceof Blob) found.push({ path, file: value });
  else if (Array.isArray(value)) value.forEach((v, i) => filesOf(v, `${path}.${i}`, found));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) filesOf(v, `${path}.${k}`, found);
  return found;
}

export const hasFiles = (operation: Operation) => filesOf(operation.variables).length > 0;

/**
 * Sends an operation with files as a GraphQL multipart request (operations, map, then the files),
 * the one the server's Yoga reads; the headers the links before it set (the bearer) go along.
 */
export function createUploadLink(opts: { uri: string; fetch?: typeof fetch }): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        const controller = new AbortController();
        const files = filesOf(operation.variables);
        const variables = JSON.parse(JSON.stringify(operation.variables, (_k, v: unknown) => (v instanceof Blob ? null : v))) as Record<string, unknown>;
        const form = new FormData();
        form.append('operations', JSON.stringify({ query: print(operation.query), variables, operationName: operation.operationName }));
        form.append('map', JSON.stringify(Object.fromEntries(files.map((f, i) => [String(i), [f.path]]))));
        files.forEach((f, i) => form.append(String(i), f.file, f.file instanceof File ? f.file.name : `file${i}`));
        const { headers = {} } = operation.getContext() as { headers?: Record<string, string> };
        (opts.fetch ?? fetch)(opts.uri, { method: 'POST', body: form, headers, credentials: 'same-origin', signal: controller.signal })
          .then(async (response) => {
            const type = response.headers.get('content-type') ?? '';
            if (!type.includes('json')) throw Object.assign(new Error(response.statusText || `HTTP ${response.status}`), { statusCode: response.status });
            observer.next((await response.json()) as FetchResult);
            observer.complete();
          })
          .catch((error: unknown) => observer.error(error));
        return () => controller.abort();
      }),
  );
}
