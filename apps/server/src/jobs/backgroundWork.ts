import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work no person waits for (issue 33 item 6): every job run (alert rounds, reports, exports) runs
 * inside it, and what it asks of the engine waits behind the interactive calls (engineQueue.ts).
 * Marked by the async context, so a job's nested calls (a round started from it, an export's chunks)
 * are background too without each feature passing a flag.
 */
const background = new AsyncLocalStorage<true>();

export const asBackgroundWork = <T>(run: () => Promise<T>): Promise<T> => background.run(true, run);

export const isBackgroundWork = (): boolean => background.getStore() === true;
