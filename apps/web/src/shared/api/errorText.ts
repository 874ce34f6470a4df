import type { ApolloError } from '@apollo/client';
import type { TFunction } from 'i18next';

export function errorCodeOf(error: ApolloError | undefined): string | undefined {
  const code = error?.graphQLErrors[0]?.extensions?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server sends codes; the words are ours (docs/graphql-contract.md). */
export function errorText(error: ApolloError | undefined, t: TFunction): string {
  switch (errorCodeOf(error)) {
    case 'UNAUTHENTICATED':
      return t('errors.UNAUTHENTICATED');
    case 'TOKEN_EXPIRED':
      return t('errors.TOKEN_EXPIRED');
    case 'FORBIDDEN':
      // A user or profile holding a right the caller lacks (issue 28.4) is refused with its own words.
      return error?.graphQLErrors[0]?.extensions?.reason === 'rightsBeyondYours' ? t('errors.rightsBeyondYours') : t('errors.FORBIDDEN');
    case 'NOT_FOUND':
      return t('errors.NOT_FOUND');
    case 'BAD_USER_INPUT':
      return t('errors.BAD_USER_INPUT');
    case 'TIME_RANGE_TOO_WIDE':
      return t('errors.TIME_RANGE_TOO_WIDE');
    case 'API_WORK_LIMIT': {
      // The engine cost names its budget; the other limits (requests, points) keep the general words.
      const details = error?.graphQLErrors[0]?.extensions;
      if (details?.limit === 'cost') return t('errors.API_WORK_LIMIT_COST', { max: details.max, asked: details.asked });
      return t('errors.API_WORK_LIMIT');
    }
    case 'TOO_MANY_REQUESTS':
      return t('errors.TOO_MANY_REQUESTS');
    case 'VIEW_AS_REFUSED':
      return t('errors.VIEW_AS_REFUSED');
    default:
      return error?.networkError ? t('errors.serverUnavailable') : t('errors.common');
  }
}
