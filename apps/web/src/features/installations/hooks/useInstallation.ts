import { useQuery } from '@apollo/client';
import { INSTALLATION_BY_ID, type InstallationDetail } from '../graphql/installations.ts';

export type InstallationState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'ready'; installation: InstallationDetail };

/** Unknown ids, refusals (NOT_FOUND, FORBIDDEN) and load failures all read as "not found" (spec 001 §2). */
export function useInstallation(rawId: string | undefined): InstallationState {
  const installationId = Number(rawId);
  const valid = Number.isInteger(installationId) && installationId > 0;
  const { data, loading, error } = useQuery(INSTALLATION_BY_ID, { variables: { installationId }, skip: !valid });
  const installation = data?.installationById;
  if (installation) return { status: 'ready', installation };
  if (valid && loading && !error) return { status: 'loading' };
  return { status: 'notFound' };
}
