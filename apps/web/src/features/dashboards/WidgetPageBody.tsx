import { type ReactNode, useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type GlobalWidgetFilter, type Widget, highestZoneId } from '@sitelens/domain';
import { FilterBar } from '../filters/FilterBar.tsx';
import { LinkFiltersNotice } from '../filters/LinkFiltersNotice.tsx';
import { PageFiltersProvider, usePageFilters } from '../filters/PageFiltersProvider.tsx';
import { WidgetGrid } from '../../widgets/WidgetGrid.tsx';
import type { PageKind, WidgetContext, WidgetSite } from '../../widgets/core/widgetContext.ts';
import { MigrationBannerHost } from '../migration/MigrationBannerHost.tsx';

interface WidgetPageBodyProps {
  widgets: Widget[];
  site: WidgetSite;
  pageKind: PageKind;
  /** A custom page's global widget filters: the page's zone and default filters. */
  presets?: readonly GlobalWidgetFilter[];
  dashboardId?: number;
  /** A custom page's id, so its saved global filters are its own. */
  pageId?: number;
  preview?: boolean;
  /** The organization's migration deadline; the banner stays hidden without one. */
  migrationDeadline?: string | null;
  /** Lays the widgets out another way than the page grid (the editor's grid with its edit frames). */
  renderGrid?: GridRenderer;
}

export type GridRenderer = (widgets: Widget[], context: WidgetContext) => ReactNode;

/** Titles of default pages are catalogue keys (dashStatic.…); stored titles are shown as written. */
function useTitled(widgets: Widget[]): Widget[] {
  const { t } = useTranslation();
  return useMemo(() => widgets.map((w) => (w.title.startsWith('dashStatic.') ? { ...w, title: t(w.title) } : w)), [widgets, t]);
}

function PageWidgets({ widgets, dashboardId, preview, renderGrid }: { widgets: Widget[]; dashboardId?: number; preview?: boolean; renderGrid?: GridRenderer }) {
  const { site, pageKind, filters, ctx } = usePageFilters();
  const topZoneId = useMemo(() => highestZoneId(ctx.zones), [ctx.zones]);
  const context = useMemo(() => ({ site, pageKind, filters, topZoneId, dashboardId, preview }), [site, pageKind, filters, topZoneId, dashboardId, preview]);
  return renderGrid ? renderGrid(widgets, context) : <WidgetGrid widgets={widgets} context={context} />;
}

/** What installation, custom and preview pages share: the filter bar, the migration banner and the widgets. */
export function WidgetPageBody({ widgets, site, pageKind, presets, dashboardId, pageId, preview, migrationDeadline, renderGrid }: WidgetPageBodyProps) {
  const titled = useTitled(widgets);
  // Other presets (a new config in the widget builder) start the filters afresh.
  const presetKey = useMemo(() => JSON.stringify(presets ?? []), [presets]);
  return (
    <PageFiltersProvider key={`${site.id}:${pageId ?? ''}:${presetKey}`} site={site} pageKind={pageKind} pageId={pageId} presets={presets}>
      <Stack gap="lg">
        <FilterBar />
        <LinkFiltersNotice />
        {migrationDeadline ? <MigrationBannerHost deadline={migrationDeadline} /> : null}
        <PageWidgets widgets={titled} dashboardId={dashboardId} preview={preview} renderGrid={renderGrid} />
      </Stack>
    </PageFiltersProvider>
  );
}
