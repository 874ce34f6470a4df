/** What the server's thread asks of the PGlite thread, and its answers (pgliteThread.ts). */
export type ThreadCall =
  | { id: number; op: 'ready' }
  /** Protocol messages to run; the answer holds PostgreSQL's bytes. */
  | { id: number; op: 'exec'; bytes: Uint8Array }
  /** The file a COPY … FROM '/dev/blob' reads; none clears it. */
  | { id: number; op: 'blob'; bytes?: Uint8Array<ArrayBuffer> }
  | { id: number; op: 'close' };

export interface ThreadAnswer {
  id: number;
  data?: Uint8Array;
  /** What a COPY … TO '/dev/blob' wrote. */
  written?: Uint8Array<ArrayBuffer>;
  error?: { message: string; stack?: string };
}
