import pg from 'pg';

const RECONNECT_MS = 1_000;
/** The listening connection is asked `select 1` this often; no answer within the same time counts as lost. */
const HEARTBEAT_MS = 5_000;

interface Listener {
  onPayload: (payload: string) => void;
  onGap: (listening: boolean) => void;
}

const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

/**
 * Every LISTEN of one database on one connection of its own (a pooled one would be handed to other
 * queries): the caller cache, the kept data versions and the session-end streams share it, so a
 * process holds one listening connection, not one per channel. A lost connection, or one that stops
 * answering (a half-open socket never says it closed), is made again after a second, with every
 * channel listened again: each listener's `onGap(false)` says that notifications may be missed from
 * then on, `onGap(true)` that it listens again.
 */
export class PostgresListener {
  private readonly channels = new Map<string, Set<Listener>>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** The channels the current connection listens on. */
  private listened = new Set<string>();
  private inGap = false;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly url: string) {}

  /** Resolves once `channel` is listened on; the returned function stops this listener. */
  async listen(channel: string, onPayload: (payload: string) => void, onGap: (listening: boolean) => void): Promise<() => Promise<void>> {
    const listener: Listener = { onPayload, onGap };
    const set = this.channels.get(channel) ?? new Set<Listener>();
    this.channels.set(channel, set);
    set.add(listener);
    try {
      const client = await this.connection();
      if (this.client === client && !this.listened.has(channel)) {
        this.listened.add(channel);
        await client.query(`LISTEN ${quoted(channel)}`);
      }
    } catch (error) {
      await this.remove(channel, listener);
      throw error;
    }
    return () => this.remove(channel, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.end();
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: this.url, keepAlive: true, application_name: 'sitelens-listen' });
    next.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const listener of this.channels.get(message.channel) ?? []) listener.onPayload(message.payload);
    });
    next.on('error', () => this.lost(next));
    next.on('end', () => this.lost(next));
    try {
      await next.connect();
      const listened = new Set(this.channels.keys());
      for (const channel of listened) await next.query(`LISTEN ${quoted(channel)}`);
      if (this.closed) throw new Error('listener closed');
      this.client = next;
      this.listened = listened;
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    this.beat();
    if (this.inGap) {
      this.inGap = false;
      this.eachListener((listener) => listener.onGap(true));
    }
    return next;
  }

  private beat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => {
      const current = this.client;
      if (!current) return;
      const timeout = setTimeout(() => this.lost(current), HEARTBEAT_MS);
      current.query('select 1').then(
        () => clearTimeout(timeout),
        () => {
          clearTimeout(timeout);
          this.lost(current);
        },
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private lost(which: pg.Client): void {
    if (this.client !== which) return;
    this.client = null;
    this.listened = new Set();
    clearInterval(this.heartbeat);
    which.end().catch(() => {});
    this.inGap = true;
    this.eachListener((listener) => listener.onGap(false));
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.closed || this.retry || this.channels.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.closed || this.client || this.channels.size === 0) return;
      this.connection().catch(() => this.reconnectLater());
    }, RECONNECT_MS);
  }

  private async remove(channel: string, listener: Listener): Promise<void> {
    const set = this.channels.get(channel);
    if (!set?.delete(listener) || set.size > 0) return;
    this.channels.delete(channel);
    // Nobody listens any more: the connection goes too.
    if (this.channels.size === 0) return this.end();
    const client = this.client;
    if (client && this.listened.delete(channel)) await client.query(`UNLISTEN ${quoted(channel)}`).catch(() => {});
  }

  private async end(): Promise<void> {
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    this.retry = undefined;
    this.inGap = false;
    const last = this.client;
    this.client = null;
    this.listened = new Set();
    await last?.end().catch(() => {});
  }

  private eachListener(call: (listener: Listener) => void): void {
    for (const set of [...this.channels.values()]) for (const listener of [...set]) call(listener);
  }
}
