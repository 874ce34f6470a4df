import { useQuery } from '@apollo/client';
import { ME, ORGANIZATION_BY_ID } from '../../../shared/caller/callerQueries.ts';

/**
 * The migration deadline of the signed-in user's organization (the first, as the shell reads it),
 * outside the signed-in shell: the widget builder preview has no caller context.
 */
export function useOrganizationDeadline(skip: boolean): { deadline: string | null; loading: boolean } {
  // Always from the network: a handed-over token may belong to another user than the cached one.
  const me = useQuery(ME, { skip, fetchPolicy: 'network-only' });
  const organizationId = me.data?.me.organizationIds[0];
  const org = useQuery(ORGANIZATION_BY_ID, { variables: { organizationId: organizationId ?? 0 }, skip: skip || organizationId === undefined, fetchPolicy: 'network-only' });
  const loading = !skip && (me.loading || org.loading);
  return { deadline: org.data?.organizationById?.migrationDeadline ?? null, loading };
}
