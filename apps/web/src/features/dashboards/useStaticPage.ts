import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { STATIC_PAGE } from './graphql/dashboards.ts';
import { type PageData, toPage } from './graphql/toPage.ts';

/** An installation's default page of one kind; a refusal or an unknown site leaves `page` undefined. */
export function useStaticPage(installationId: number | null, kind: string): { page: PageData | undefined; loading: boolean } {
  const { data, loading, error } = useQuery(STATIC_PAGE, { variables: { installationId: installationId ?? 0, kind }, skip: installationId === null });
  const row = data?.staticPageByInstallation;
  const page = useMemo(() => (row ? toPage(row) : undefined), [row]);
  return { page, loading: !page && loading && !error };
}
