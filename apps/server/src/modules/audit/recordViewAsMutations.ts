import type { GraphQLSchema } from 'graphql';
import type { Context } from '../../graphql/context.ts';
import { insertAuditEntry } from './audit.repo.ts';
import { type AuditDetail, watchSubject } from './auditSubjects.ts';

function outcomeOf(error: unknown): string {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  return typeof code === 'string' ? code : 'ERROR';
}

/**
 * Wraps every mutation: one made with a view-as token is written to the audit log with both users
 * and its outcome (OK or the refusal's code), whatever it was, once it has run, with the name of
 * what it acted on and the fields it changed.
 */
export function recordViewAsMutations(schema: GraphQLSchema): GraphQLSchema {
  const mutation = schema.getMutationType();
  if (!mutation) return schema;
  for (const field of Object.values(mutation.getFields())) {
    const inner = field.resolve;
    if (!inner) continue;
    field.resolve = async (source, args, ctx: Context, info) => {
      const caller = ctx.caller;
      if (!caller || caller.adminUserId === null) return inner(source, args, ctx, info);
      const adminUserId = caller.adminUserId;
      // What it acts on, read before and after: its name and the fields that changed (never values).
      const watched = await watchSubject(ctx.database.sql, info.fieldName, args as Record<string, unknown>, caller.userId).catch(() => null);
      const detail = async (result: unknown): Promise<AuditDetail> =>
        (await watched?.(result).catch(() => null)) ?? { objectName: null, changedFields: [] };
      const record = async (outcome: string, result: unknown) =>
        insertAuditEntry(
          ctx.database,
          { adminUserId, userId: caller.userId, operation: info.fieldName, outcome, ...(await detail(result)), at: ctx.now() },
          caller.organizationIds,
        );
      try {
        const result = await inner(source, args, ctx, info);
        await record('OK', result);
        return result;
      } catch (error) {
        await record(outcomeOf(error), undefined);
        throw error;
      }
    };
  }
  return schema;
}
