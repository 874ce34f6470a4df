/**
 * Whether a prepared statement's error means the statement itself is stale, so that the query may
 * run again unnamed: a migration changed what it returns ("cached plan must not change result
 * type", 0A000 raised where the server revalidates a cached plan; other 0A000 errors are the
 * query's own), or the server no longer has it (26000 naming it: a pooler or DISCARD dropped it).
 */
export function staleStatement(error: unknown, name: string): boolean {
  const { code, routine, message } = error as { code?: string; routine?: string; message?: string };
  if (code === '0A000') return routine === 'RevalidateCachedQuery';
  return code === '26000' && (message ?? '').includes(name);
}
