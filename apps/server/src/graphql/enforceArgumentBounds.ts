import {
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
  getNamedType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import type { IncomingMessage } from 'node:http';
import { checkIsoDate } from '@sitelens/domain';
import { profileOf } from '../http/requestProfile.ts';
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
function checkValue(coordinate: string, type: GraphQLInputType, value: unknown, checkedFields: CheckedFields): void {
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
    if (isInputObjectType(itemType)) for (const v of items) checkObject(itemType.name, v, checkedFields);
    return;
  }
  if (bound?.kind === 'number' && typeof value === 'number') checkNumber(coordinate, value, bound.min, bound.max);
  if (isScalarType(t) && t.name === 'Date') checkDate(coordinate, value);
  if (isInputObjectType(t)) checkObject(t.name, value, checkedFields);
}

/**
 * Per input object type, its fields that can refuse a value: a bound at the field's coordinate, a
 * Date, or an input object with such fields (checkedInputFields). Only those are walked per call.
 */
type CheckedFields = Map<string, readonly { coordinate: string; field: GraphQLInputField }[]>;

function checkObject(typeName: string, value: unknown, checkedFields: CheckedFields): void {
  const record = value as Record<string, unknown>;
  for (const { coordinate, field } of checkedFields.get(typeName) ?? []) checkValue(coordinate, field.type, record[field.name], checkedFields);
}

const isDate = (type: GraphQLInputType) => {
  const named = getNamedType(type);
  return isScalarType(named) && named.name === 'Date';
};

/**
 * The input object types of the schema whose values can be refused, to a fixed point (an input
 * type that holds one of them, however deep or recursive, is one too), and their fields to walk.
 */
function checkedInputFields(schema: GraphQLSchema): CheckedFields {
  const inputs = Object.values(schema.getTypeMap()).filter(isInputObjectType);
  const refusing = new Set<string>();
  const refuses = (coordinate: string, type: GraphQLInputType) =>
    Object.hasOwn(ARGUMENT_BOUNDS, coordinate) || isDate(type) || refusing.has(getNamedType(type).name);
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of inputs) {
      if (refusing.has(t.name) || !Object.values(t.getFields()).some((f) => refuses(`${t.name}.${f.name}`, f.type))) continue;
      refusing.add(t.name);
      changed = true;
    }
  }
  const fields: CheckedFields = new Map();
  for (const t of inputs) {
    const walked = Object.values(t.getFields()).map((field) => ({ coordinate: `${t.name}.${field.name}`, field }));
    fields.set(t.name, walked.filter((f) => refuses(f.coordinate, f.field.type)));
  }
  return fields;
}

/** The arguments of a root field that can be refused (as checkedInputFields), with their coordinates. */
function checkedArguments(root: string, field: string, defs: readonly GraphQLArgument[], checkedFields: CheckedFields): { coordinate: string; arg: GraphQLArgument }[] {
  return defs
    .map((arg) => ({ coordinate: `${root}.${field}.${arg.name}`, arg }))
    .filter(({ coordinate, arg }) => Object.hasOwn(ARGUMENT_BOUNDS, coordinate) || isDate(arg.type) || (checkedFields.get(getNamedType(arg.type).name)?.length ?? 0) > 0);
}

/** Wraps every root field so its arguments are checked against ARGUMENT_BOUNDS before it runs. */
export function enforceArgumentBounds(schema: GraphQLSchema): GraphQLSchema {
  // Which coordinates can refuse a value is a function of the schema: found once here, not per call.
  const checkedFields = checkedInputFields(schema);
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!type) continue;
    const isSubscription = type === schema.getSubscriptionType();
    for (const field of Object.values(type.getFields())) {
      const checked = checkedArguments(type.name, field.name, field.args, checkedFields);
      if (checked.length === 0) continue;
      const inner = (isSubscription ? field.subscribe : field.resolve) as GraphQLFieldResolver<unknown, unknown> | undefined;
      const wrapped: GraphQLFieldResolver<unknown, unknown> = (source, args, ctx, info) => {
        const profile = profileOf((ctx as { request?: { raw: IncomingMessage } }).request);
        const start = profile ? performance.now() : 0;
        for (const { coordinate, arg } of checked) checkValue(coordinate, arg.type, args[arg.name], checkedFields);
        profile?.add('bounds', performance.now() - start);
        return inner ? inner(source, args, ctx, info) : (source as Record<string, unknown> | null)?.[info.fieldName];
      };
      if (isSubscription) field.subscribe = wrapped;
      else field.resolve = wrapped;
    }
  }
  return schema;
}
