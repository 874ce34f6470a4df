import pg from 'pg';

const RECONNECT_MS = 1_000;
/** A listening connection is asked `select 1` this often; no answer within the same time counts as lost. */
const HEARTBEAT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost
 * connection, or one that stops answering (a half-open socket never says it closed), is made again
 * after a second: `onGap(false)` says that notifications may be missed from now, `onGap(true)`
 * that it listens again.
 */
export async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onGap: (listening: boolean) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const heartbeat = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = setTimeout(() => lost(current), HEARTBEAT_MS);
    current.query('select 1').then(
      () => clearTimeout(timeout),
      () => {
        clearTimeout(timeout);
        lost(current);
      },
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: 'sitelens-listen' });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };

  const lost = (which: pg.Client): void => {
    if (stopped || client !== which) return;
    client = null;
    onGap(false);
    which.end().catch(() => {});
    const again = (): void => {
      retry = undefined;
      if (stopped) return;
      connect().then(() => onGap(true), () => {
        retry = setTimeout(again, RECONNECT_MS);
      });
    };
    retry = setTimeout(again, RECONNECT_MS);
  };

  try {
    await connect();
  } catch (error) {
    clearInterval(heartbeat);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(heartbeat);
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
