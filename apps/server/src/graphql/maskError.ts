import { GraphQLError } from 'graphql';
import { type ErrorCode, isErrorCode } from './errors.ts';

/**
 * Lets expected failures through with their code and hides everything else. It reads codes rather
 * than classes, so two copies of graphql in one process (test runners) cannot unmask a bug.
 */
export function maskError(error: unknown): Error {
  const code = codeOf(error) ?? codeOf((error as { originalError?: unknown })?.originalError);
  if (code) return error as Error;
  const e = error as { extensions?: { code?: unknown }; originalError?: unknown; message?: string };
  // Parse and validation errors from graphql itself carry no original error: they describe the query.
  if (e && typeof e.message === 'string' && !e.originalError && e.extensions?.code !== 'INTERNAL_SERVER_ERROR') {
    return error as Error;
  }
  // A variable or argument graphql itself could not coerce (an enum value that does not exist): bad input, not a bug.
  if (e && typeof e.message === 'string' && /^(Variable "\$|Argument ")/.test(e.message) && isGraphqlOwnError(e.originalError)) {
    return new GraphQLError(e.message, { extensions: { code: 'BAD_USER_INPUT' } });
  }
  console.error(e?.originalError ?? error);
  return new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

function isGraphqlOwnError(error: unknown): boolean {
  const e = error as { name?: unknown; originalError?: unknown } | null;
  return e?.name === 'GraphQLError' && !e.originalError;
}

function codeOf(error: unknown): ErrorCode | null {
  const code = (error as { extensions?: { code?: unknown } } | null)?.extensions?.code;
  return isErrorCode(code) ? code : null;
}
