import { ApolloError } from '@apollo/client';
import type { ExpiredVariant } from './components/InvitationExpiredModal.tsx';

const extensionsOf = (error: unknown) => (error instanceof ApolloError ? error.graphQLErrors[0]?.extensions : undefined);

export const errorCodeOfCall = (error: unknown): string | undefined => {
  const code = extensionsOf(error)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The expired modal's variant when a call answered INVITATION_EXPIRED, else null. */
export function expiredVariantOf(error: unknown): ExpiredVariant | null {
  const ext = extensionsOf(error);
  if (ext?.code !== 'INVITATION_EXPIRED') return null;
  return ext.variant === 'admin' ? 'admin' : 'user';
}

export function retryAfterOf(error: unknown): number | null {
  const seconds = extensionsOf(error)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : null;
}
