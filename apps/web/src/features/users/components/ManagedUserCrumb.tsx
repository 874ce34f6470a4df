import { useQuery } from '@apollo/client';
import { useParams } from 'react-router';
import { fullName } from '../../../shared/caller/fullName.ts';
import { USER_BY_ID } from '../graphql/users.ts';

export function ManagedUserCrumb() {
  const userId = Number(useParams().userId);
  const { data } = useQuery(USER_BY_ID, { variables: { userId }, skip: !Number.isInteger(userId) });
  return data?.userById ? fullName(data.userById) : '…';
}
