import SchemaBuilder from '@pothos/core';
import { parseIsoDateTime } from '@sitelens/domain';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import { GraphQLScalarType, Kind } from 'graphql';
import { AppError } from './errors.ts';
import type { Context } from './context.ts';

export const builder = new SchemaBuilder<{
  Context: Context;
  AuthScopes: { signedIn: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
    /** A file of a GraphQL multipart request (the sales-metrics import). */
    Upload: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: async (ctx) => ({ signedIn: ctx.caller !== null }),
    unauthorizedError: (_parent, ctx) => new AppError(ctx.tokenExpired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED'),
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

builder.addScalarType(
  'DateTime',
  new GraphQLScalarType({
    name: 'DateTime',
    serialize: (v) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString()),
    parseValue: (v) => parseDateTime(v),
    parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : null),
  }),
);

builder.addScalarType(
  'Date',
  new GraphQLScalarType({
    name: 'Date',
    serialize: (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)),
    parseValue: (v) => parseDate(v),
    parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : null),
  }),
);

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({ name: 'JSON', serialize: (v) => v, parseValue: (v) => v }),
);

builder.addScalarType(
  'Upload',
  new GraphQLScalarType({
    name: 'Upload',
    description: 'A file sent as a part of a GraphQL multipart request.',
    serialize: () => {
      throw new Error('Upload is an input only');
    },
    parseValue: (v) => v as File,
  }),
);

/** ISO 8601 on a real calendar day within DATE_MIN_YEAR..DATE_MAX_YEAR (2026-02-30 and -271821 refused). */
function parseDateTime(v: unknown): Date {
  const ms = parseIsoDateTime(v);
  if (ms === null) throw new AppError('BAD_USER_INPUT', { reason: 'invalidDateTime' });
  return new Date(ms);
}

/** The form only: whether it is a real day of the allowed years is checked with the argument's name (enforceArgumentBounds). */
function parseDate(v: unknown): string {
  if (typeof v !== 'string' || !isoDate.test(v)) throw new AppError('BAD_USER_INPUT', { reason: 'invalidDate' });
  return v;
}
