import { useQuery } from '@apollo/client';
import { ALL_DASHBOARDS } from '../graphql/dashboards.ts';

/**
 * The dashboards list. A static dashboard's id is its installation's, so ids repeat across kinds:
 * the answer is kept as it came, never merged by id in the normalized cache.
 */
export function useDashboards() {
  const { data, error } = useQuery(ALL_DASHBOARDS, { fetchPolicy: 'no-cache' });
  return { dashboards: data?.allDashboardsV2, error };
}
