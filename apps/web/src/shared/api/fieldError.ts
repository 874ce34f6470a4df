import { ApolloError } from '@apollo/client';

export interface FieldError {
  /** The input field the server refused, as it names it (`phone`, `customLinks.0.url`). */
  field: string;
  /** A translation key (`errors.invalidPhone`) or a plain reason without words of its own. */
  reason: string;
}

/** The field and reason of a BAD_USER_INPUT refusal, or null for any other failure. */
export function fieldErrorOf(error: unknown): FieldError | null {
  if (!(error instanceof ApolloError)) return null;
  const extensions = error.graphQLErrors[0]?.extensions;
  if (extensions?.code !== 'BAD_USER_INPUT' || typeof extensions.field !== 'string') return null;
  return { field: extensions.field, reason: typeof extensions.reason === 'string' ? extensions.reason : '' };
}

/** The key to show for a refused field: the server's own key when it sent one, else the generic one. */
export const fieldErrorKey = (error: FieldError): string => (error.reason.startsWith('errors.') ? error.reason : 'errors.BAD_USER_INPUT');
