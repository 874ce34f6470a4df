import {
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { checkIsoDate } from '@sitelens/domain';
import { ARGUMENT_BOUNDS, type Bound } from './argumentBounds.ts';
import { AppError } from './errors.ts';

const refuse = (argument: string, reason: string, bound: Record<string, number>) =>
  new AppError('BAD_USER_INPUT', { field: argument.split('.').pop(), argument, reason, ...bound });

function checkNumber(coordinate: string, value: number, min: number, max: number): void {
  if (value < min) throw refuse(coordinate, 'tooSmall', { min, max });
  if (value > max) throw refuse(coordinate, 'tooLarge', { min, max });
}

const unwrap = (type: GraphQLInputType): GraphQLInputType => (isNonNullType(type) ? type.ofType : type);

/** A Date argument is a real calendar day within the years allowed (2026-02-30 refused), named by its field. */
function checkDate(coordinate: string, value: unknown): void {
  if (typeof value === 'string' && checkIsoDate(value) === null) {
    throw new AppError('BAD_USER_INPUT', { field: coordinate.split('.').pop(), argument: coordinate, reason: 'errors.invalidDate' });
  }
}

/** Checks one argument (or input field) value against its bound, then the input objects inside it. */
function checkValue(coordinate: string, type: GraphQLInputType, value: unknown): void {
  if (value === null || value === undefined) return;
  const bound: Bound | undefined = ARGUMENT_BOUNDS[coordinate];
  const t = unwrap(type);
  if (isListType(t)) {
    const items = value as unknown[];
    if (bound?.kind === 'list') {
      if (items.length > bound.maxItems) throw refuse(coordinate, bound.tooManyReason ?? 'tooMany', { maxItems: bound.maxItems, max: bound.maxItems });
      if (bound.item) for (const v of items) if (typeof v === 'number') checkNumber(coordinate, v, bound.item.min, bound.item.max);
    }
    const itemType = unwrap(t.ofType as GraphQLInputType);
    if (isScalarType(itemType) && itemType.name === 'Date') for (const v of items) checkDate(coordinate, v);
    if (isInputObjectType(itemType)) for (const v of items) checkObject(itemType.name, itemType.getFields(), v);
    return;
  }
  if (bound?.kind === 'number' && typeof value === 'number') checkNumber(coordinate, value, bound.min, bound.max);
  if (isScalarType(t) && t.name === 'Date') checkDate(coordinate, value);
  if (isInputObjectType(t)) checkObject(t.name, t.getFields(), value);
}

function checkObject(typeName: string, fields: Record<string, GraphQLInputField>, value: unknown): void {
  const record = value as Record<string, unknown>;
  for (const f of Object.values(fields)) checkValue(`${typeName}.${f.name}`, f.type, record[f.name]);
}

export function checkArguments(root: string, field: string, defs: readonly GraphQLArgument[], args: Record<string, unknown>): void {
  for (const a of defs) checkValue(`${root}.${field}.${a.name}`, a.type, args[a.name]);
}

/** Wraps every root field so its arguments are checked against ARGUMENT_BOUNDS before it runs. */
export function enforceArgumentBounds(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    const isSubscription = type === schema.getSubscriptionType();
    for (const field of Object.values(type.getFields())) {
      if (field.args.length === 0) continue;
      const inner = (isSubscription ? field.subscribe : field.resolve) as GraphQLFieldResolver<unknown, unknown> | undefined;
      const wrapped: GraphQLFieldResolver<unknown, unknown> = (source, args, ctx, info) => {
        checkArguments(type.name, field.name, field.args, args);
        return inner ? inner(source, args, ctx, info) : (source as Record<string, unknown> | null)?.[info.fieldName];
      };
      if (isSubscription) field.subscribe = wrapped;
      else field.resolve = wrapped;
    }
  }
  return schema;
}
