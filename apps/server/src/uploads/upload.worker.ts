// The upload worker's entry (a worker thread: its own heap, stopped when its time is up or its request is gone).
import { parentPort, workerData } from 'node:worker_threads';
import { readSalesReceipts } from '../modules/sales/readSalesReceipts.ts';
import { sanitizeSvg } from '../images/sanitizeSvg.ts';
import { taskErrorOf } from './uploadTasks.ts';

type Tasks = Record<string, (input: any) => unknown>;

const tasks: Tasks = {
  salesFile: (input: { type: Parameters<typeof readSalesReceipts>[0]; bytes: Uint8Array; context: Parameters<typeof readSalesReceipts>[2] }) => readSalesReceipts(input.type, input.bytes, input.context),
  svgImage: (input: { text: string }) => sanitizeSvg(input.text),
};

// Tasks that misbehave on purpose, for the sandbox's own tests only (never in a server's worker).
if ((workerData as { testTasks?: boolean } | undefined)?.testTasks) {
  tasks.spin = () => {
    for (;;);
  };
  tasks.hoard = () => {
    const kept: number[][] = [];
    for (let i = 0; ; i++) kept.push(new Array<number>(1_000_000).fill(i + 0.5));
  };
  tasks.echo = (input: unknown) => input;
}

parentPort!.on('message', (message: { id: number; task: string; input: unknown }) => {
  void (async () => {
    try {
      const task = tasks[message.task];
      if (!task) throw new Error(`no task ${message.task}`);
      const output = await task(message.input);
      parentPort!.postMessage({ id: message.id, ok: true, output });
    } catch (error) {
      parentPort!.postMessage({ id: message.id, ok: false, error: taskErrorOf(error) });
    }
  })();
});
parentPort!.postMessage({ ready: true });
