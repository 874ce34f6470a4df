import type { ReactNode } from 'react';
import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { PageData } from '../graphql/toPage.ts';

/** One tab per page of the dashboard; choosing one opens its route. The current page is its panel. */
export function PageTabs({ pages, current, dashboardId, label, children }: { pages: PageData[]; current: number; dashboardId: number; label: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Tabs value={String(current)} onChange={(v) => v && void navigate(`/dashboard/${dashboardId}/page/${v}`)}>
      <Tabs.List aria-label={label} mb="md">
        {pages.map((p) => (
          <Tabs.Tab key={p.id} value={String(p.id)}>
            {p.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {pages.map((p) => (
        <Tabs.Panel key={p.id} value={String(p.id)}>
          {p.id === current ? children : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
