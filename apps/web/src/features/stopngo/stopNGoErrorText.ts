import type { ApolloError } from '@apollo/client';
import type { TFunction } from 'i18next';
import { errorCodeOf, errorText } from '../../shared/api/errorText.ts';

/** A Stop&Go change refused for want of a right says so in the spec's words (002 §8); else the fallback, or the general text. */
export function stopNGoErrorText(error: unknown, t: TFunction, fallback?: string): string {
  const apollo = error as ApolloError | undefined;
  const code = errorCodeOf(apollo);
  if (code === 'FORBIDDEN') return t('stopNGo.noAccess');
  if (fallback && code !== 'UNAUTHENTICATED' && code !== 'TOKEN_EXPIRED') return fallback;
  return errorText(apollo, t);
}

/** The field and reason of a refused input, when the server named them. */
export function inputProblem(error: unknown): { field: string; reason: string } | null {
  const extensions = (error as ApolloError | undefined)?.graphQLErrors?.[0]?.extensions;
  if (extensions?.code !== 'BAD_USER_INPUT') return null;
  return { field: String(extensions.field ?? ''), reason: String(extensions.reason ?? '') };
}
