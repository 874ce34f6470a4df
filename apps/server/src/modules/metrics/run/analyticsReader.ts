import type { Context } from '../../../graphql/context.ts';
import type { SqlClient } from '../../../db/database.ts';
import { readVersionsFirst } from '../cache/operationVersions.ts';
import { perContext } from '../../../graphql/perContext.ts';

/**
 * The primary's log position one operation's engine reads must see, read once per operation and
 * after its data versions (so an answer kept under them is never older than they say).
 */
const positionOf = perContext(async (ctx: Context) => {
  await readVersionsFirst(ctx);
  return ctx.database.readers!.primaryPosition();
});

/**
 * Where an engine statement runs (issue 31 item 2): a read replica that has replayed everything the
 * primary held when the operation began reading (its caller's own writes included), else the primary.
 */
export async function analyticsReader(ctx: Context): Promise<SqlClient> {
  const readers = ctx.database.readers;
  if (!readers) return ctx.database.sql;
  return (await readers.clientAt(await positionOf(ctx))) ?? ctx.database.sql;
}
