import { isAdmin } from '@sitelens/domain';
import type { GraphQLFieldResolver, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { requireCaller, requireGate } from '../access/access.ts';
import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { type FieldRight, ROOT_RIGHTS, type RootTypeName } from '../../graphql/fieldRights.ts';

/** Checks a root field's right (fieldRights.ts) before its resolver; a field without an entry is refused. */
export async function checkFieldRight(ctx: Context, right: FieldRight | undefined): Promise<void> {
  if (!right) throw forbidden();
  if (right.kind === 'anonymous') return;
  const caller = requireCaller(ctx);
  if (right.kind === 'signedIn') return;
  if (right.kind === 'admin') {
    if (!isAdmin(caller.role)) throw forbidden();
    return;
  }
  const refused: unknown[] = [];
  for (const g of right.anyOf) {
    try {
      await requireGate(ctx, g);
      return;
    } catch (e) {
      refused.push(e);
    }
  }
  throw refused[0] ?? forbidden();
}

function guard<T extends GraphQLFieldResolver<unknown, Context>>(inner: T | undefined, right: FieldRight | undefined): GraphQLFieldResolver<unknown, Context> {
  return async (source, args, ctx, info) => {
    await checkFieldRight(ctx, right);
    return inner ? inner(source, args, ctx, info) : (source as Record<string, unknown> | null)?.[info.fieldName];
  };
}

/** Wraps every Query, Mutation and Subscription field of the schema with the check of its right. */
export function enforceFieldRights(schema: GraphQLSchema): GraphQLSchema {
  const roots: Array<[RootTypeName, GraphQLObjectType | null | undefined]> = [
    ['Query', schema.getQueryType()],
    ['Mutation', schema.getMutationType()],
    ['Subscription', schema.getSubscriptionType()],
  ];
  for (const [name, type] of roots) {
    if (!type) continue;
    const table: Record<string, FieldRight> = ROOT_RIGHTS[name];
    for (const field of Object.values(type.getFields())) {
      const right = Object.hasOwn(table, field.name) ? table[field.name] : undefined;
      if (name === 'Subscription') field.subscribe = guard(field.subscribe, right);
      else field.resolve = guard(field.resolve, right);
    }
  }
  return schema;
}
