import { type Gates, isAdmin } from '@sitelens/domain';
import type { GraphQLFieldResolver, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { requireCaller, requireGate } from '../access/access.ts';
import type { Context } from '../../graphql/context.ts';
import { forbidden } from '../../graphql/errors.ts';
import { profileOf } from '../../http/requestProfile.ts';
import { type FieldRight, ROOT_RIGHTS, type RootTypeName } from '../../graphql/fieldRights.ts';

/**
 * Checks a root field's right (fieldRights.ts) before its resolver; a field without an entry is
 * refused. Answers true when it is decided at once (anonymous, signed in, administrator: no promise
 * made), else the check of its gates.
 */
export function checkFieldRight(ctx: Context, right: FieldRight | undefined): true | Promise<void> {
  if (!right) throw forbidden();
  if (right.kind === 'anonymous') return true;
  const caller = requireCaller(ctx);
  if (right.kind === 'signedIn') return true;
  if (right.kind === 'admin') {
    if (!isAdmin(caller.role)) throw forbidden();
    return true;
  }
  return checkGates(ctx, right.anyOf);
}

async function checkGates(ctx: Context, anyOf: readonly (keyof Gates)[]): Promise<void> {
  const refused: unknown[] = [];
  for (const g of anyOf) {
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
  const run: GraphQLFieldResolver<unknown, Context> = (source, args, ctx, info) =>
    inner ? inner(source, args, ctx, info) : (source as Record<string, unknown> | null)?.[info.fieldName];
  return (source, args, ctx, info) => {
    const profile = profileOf(ctx.request);
    const start = profile ? performance.now() : 0;
    const spent = () => void profile?.add('rights', performance.now() - start);
    let decided: true | Promise<void>;
    try {
      decided = checkFieldRight(ctx, right);
    } catch (e) {
      spent();
      throw e;
    }
    if (decided === true) {
      spent();
      return run(source, args, ctx, info);
    }
    return decided.then(
      () => (spent(), run(source, args, ctx, info)),
      (e: unknown) => {
        spent();
        throw e;
      },
    );
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
