import { useQuery } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fullName } from '../../../shared/caller/fullName.ts';
import { USER_BY_ID } from '../graphql/users.ts';

/** The managed user's name; "…" while it loads, "Page not found" when there is no such user. */
export function ManagedUserCrumb() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const { data, loading } = useQuery(USER_BY_ID, { variables: { userId }, skip: !Number.isInteger(userId) });
  if (data?.userById) return fullName(data.userById);
  return loading ? '…' : t('notFound.title');
}
