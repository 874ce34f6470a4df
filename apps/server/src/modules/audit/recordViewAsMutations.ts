import type { GraphQLSchema } from 'graphql';
import type { Context } from '../../graphql/context.ts';
import { insertAuditEntry } from './audit.repo.ts';

function outcomeOf(error: unknown): string {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  return typeof code === 'string' ? code : 'ERROR';
}

/**
 * Wraps every mutation: one made with a view-as token is written to the audit log with both users
 * and its outcome (OK or the refusal's code), whatever it was, once it has run.
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
      const record = (outcome: string) =>
        insertAuditEntry(ctx.database, { adminUserId: caller.adminUserId!, userId: caller.userId, operation: info.fieldName, outcome, at: ctx.now() }, caller.organizationIds);
      try {
        const result = await inner(source, args, ctx, info);
        await record('OK');
        return result;
      } catch (error) {
        await record(outcomeOf(error));
        throw error;
      }
    };
  }
  return schema;
}
