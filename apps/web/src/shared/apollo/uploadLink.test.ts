import { ApolloLink, execute, gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createUploadLink, filesOf } from './uploadLink.ts';

describe('uploadLink', () => {
  it('finds the files of the variables with their paths', () => {
    const file = new Blob(['x']);
    expect(filesOf({ input: { file, list: [file] }, other: 1 })).toEqual([
      { path: 'variables.input.file', file },
      { path: 'variables.input.list.0', file },
    ]);
  });

  it('sends a GraphQL multipart request with the headers set before it', async () => {
    let sent: { form: FormData; headers: Record<string, string> } | null = null;
    const fakeFetch = (async (_uri: string, init: RequestInit) => {
      sent = { form: init.body as FormData, headers: init.headers as Record<string, string> };
      return new Response(JSON.stringify({ data: { ok: true } }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const auth = new ApolloLink((operation, forward) => {
      operation.setContext({ headers: { authorization: 'Bearer t' } });
      return forward(operation);
    });
    const link = ApolloLink.from([auth, createUploadLink({ uri: '/graphql', fetch: fakeFetch })]);
    const file = new File(['r1,2026'], 'sales.csv', { type: 'text/csv' });
    const query = gql`mutation Up($input: ImportSalesMetricsInput!) { importSalesMetricsCsv(input: $input) { id } }`;
    const result = await new Promise((resolve, reject) => execute(link, { query, variables: { input: { file, uploaderTimezone: 'UTC' } } }).subscribe({ next: resolve, error: reject }));
    expect(result).toEqual({ data: { ok: true } });
    expect(sent!.headers).toEqual({ authorization: 'Bearer t' });
    const operations = JSON.parse(String(sent!.form.get('operations')));
    expect(operations.variables).toEqual({ input: { file: null, uploaderTimezone: 'UTC' } });
    expect(JSON.parse(String(sent!.form.get('map')))).toEqual({ 0: ['variables.input.file'] });
    expect(await (sent!.form.get('0') as File).text()).toBe('r1,2026');
  });
});
