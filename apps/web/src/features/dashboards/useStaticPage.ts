import { useQuery } from '@apollo/client';
import { STATIC_PAGE, type PageData } from './graphql/dashboards.ts';

/** An installation's default page of one kind; a refusal or an unknown site leaves `page` undefined. */
export function useStaticPage(installationId: number | null, kind: string): { page: PageData | undefined; loading: boolean } {
  const { data, loading, error } = useQuery(STATIC_PAGE, { variables: { installationId: installationId ?? 0, kind }, skip: installationId === null });
  const page = data?.staticPageByInstallation;
  return { page, loading: !page && loading && !error };
}
