import type { Request, Response } from '@playwright/test';

/** One GraphQL operation as the web app sent it. */
export interface SentOperation {
  query: string;
  operationName?: string;
  variables: Record<string, any>;
}

/**
 * The operations of a GraphQL request: one, or the queries a page asked together, which the web app
 * sends as a JSON array (shared/apollo/queryBatchLink.ts). None for another request.
 */
export function operationsOf(request: Request): SentOperation[] {
  if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return [];
  const body = request.postData();
  if (!body || (!body.startsWith('[') && !body.startsWith('{'))) return [];
  const parsed = JSON.parse(body) as SentOperation | SentOperation[];
  return (Array.isArray(parsed) ? parsed : [parsed]).map((op) => ({ ...op, variables: op.variables ?? {} }));
}

/** Whether the request carries an operation that `match` picks. */
export const carries = (request: Request, match: (op: SentOperation) => boolean) => operationsOf(request).some(match);

/** The first operation of `response`'s request that `match` picks, with its own answer (its place in a batch). */
export async function answerTo<T = Record<string, any>>(response: Response, match: (op: SentOperation) => boolean): Promise<{ operation: SentOperation; answer: { data?: T; errors?: unknown[] } }> {
  const operations = operationsOf(response.request());
  const index = operations.findIndex(match);
  if (index < 0) throw new Error('answerTo: the request carries no such operation');
  const body = (await response.json()) as { data?: T } | Array<{ data?: T }>;
  return { operation: operations[index]!, answer: Array.isArray(body) ? body[index]! : body };
}
