import { createServer } from 'node:net';

/** The ports freePort picks from: below Linux's ephemeral range (32768–60999), which `listen(0)` draws from. */
const FIRST = 20_000;
const COUNT = 10_000;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port for a child process that binds it seconds later (a server compiled by tsx). Picked
 * outside the ephemeral range: a port from `listen(0)`, closed and handed on, could meanwhile be
 * drawn by another test file's `listen(0)` (two files run at once), while these are drawn by no one.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FIRST + Math.floor(Math.random() * COUNT);
    if (await isFree(port)) return port;
  }
}
