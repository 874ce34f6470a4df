import type { ServerDeps } from '../graphql/context.ts';

/**
 * Work no person waits for (issue 33 item 6): a job's run (alert rounds, reports, exports) gets its
 * dependencies marked as background, every context it builds from them carries the mark, and what
 * those ask of the engine waits behind the interactive calls (engineQueue.ts). A mark on the
 * dependencies, not on the async context: AsyncLocalStorage on Node 20 puts hooks on every promise
 * of the process from its first use (docs/decisions.md, "No async context on the request path").
 */
export const asBackgroundWork = <T extends ServerDeps>(deps: T): T => Object.assign({}, deps, { background: true as const });

export const isBackgroundWork = (deps: ServerDeps): boolean => deps.background === true;
