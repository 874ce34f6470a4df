import { useMemo } from 'react';
import { useQuery } from '@apollo/client';
import { useParams } from 'react-router';
import { PAGES_BY_DASHBOARD } from '../graphql/dashboards.ts';
import { type PageData, toPage } from '../graphql/toPage.ts';

export type CustomPageState = { status: 'loading' } | { status: 'notFound' } | { status: 'ready'; page: PageData; pages: PageData[]; dashboardId: number };

const idOf = (raw: string | undefined) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** The route's dashboard and page; a missing page or any load error reads as not found (spec 001 §2). */
export function useCustomPage(): CustomPageState {
  const params = useParams();
  const dashboardId = idOf(params.dashboardId);
  const pageId = idOf(params.pageId);
  const valid = dashboardId !== null && pageId !== null;
  const { data, loading, error } = useQuery(PAGES_BY_DASHBOARD, { variables: { dashboardId: dashboardId ?? 0 }, skip: !valid });
  // Read once per answer, so a page and its widgets keep their identity between renders.
  const pages = useMemo(() => data?.pagesByDashboardId.map(toPage).sort((a, b) => a.order - b.order || a.id - b.id), [data]);
  if (!valid || error) return { status: 'notFound' };
  if (!pages) return loading ? { status: 'loading' } : { status: 'notFound' };
  const page = pages.find((p) => p.id === pageId);
  return page ? { status: 'ready', page, pages, dashboardId: dashboardId! } : { status: 'notFound' };
}
