import type { Page, Request, Response } from '@playwright/test';

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

/** One input of a `retailDataBatch` request, as far as the specs read it. */
export interface RetailInput {
  installationId: number;
  metric: string;
  granularity?: number;
  groupBy?: { type: string; aggregation?: string };
  filters?: { operator?: string; conditions: ReadonlyArray<{ type: string }> };
  target?: { kind: string; ids: number[] };
}

/** One answer of a `retailDataBatch` request. */
export interface RetailResult {
  series: Array<{ key: string; points: Array<{ t: string | null; key: string | null; value: number | null }> }>;
}

/** A chart's figures without presentation fields: what the page and the API must agree on. */
export const seriesFigures = (series: RetailResult['series']) => series.map((x) => ({ key: x.key, points: x.points.map(({ t, key, value }) => ({ t, key, value })) }));

/** The first `retailDataBatch` input the page sends that `wanted` picks, and what the page received for it. */
export async function retailAnswer(page: Page, wanted: (input: RetailInput) => boolean): Promise<{ input: RetailInput; result: RetailResult }> {
  const isChart = (op: SentOperation) => op.query.includes('retailDataBatch') && (op.variables.inputs as RetailInput[]).some(wanted);
  const response = await page.waitForResponse((r) => carries(r.request(), isChart), { timeout: 45_000 });
  const { operation, answer } = await answerTo<{ retailDataBatch: RetailResult[] }>(response, isChart);
  const inputs = operation.variables.inputs as RetailInput[];
  const index = inputs.findIndex(wanted);
  return { input: inputs[index]!, result: answer.data!.retailDataBatch[index]! };
}
