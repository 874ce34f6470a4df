import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Widget } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { WidgetPageBody } from '../WidgetPageBody.tsx';
import type { EditorSite } from './hooks/useEditorSite.ts';
import type { DashboardModel, ModelPage } from './model/dashboardModel.ts';
import type { DraftAction } from './model/draftReducer.ts';
import { EditableGrid } from './grid/EditableGrid.tsx';
import { useFocusAfterRemoval } from '../../../shared/layout/useFocusAfterRemoval.ts';
import { PageBar } from './pages/PageBar.tsx';
import { PageFiltersEditor } from './pages/PageFiltersEditor.tsx';
import classes from './EditorCanvas.module.css';
import { WidgetPanel } from './panel/WidgetPanel.tsx';

export interface EditorCanvasProps {
  /** The dashboard being edited: its widgets read what is its own (a heatmap its images). */
  dashboardId: number;
  model: DashboardModel;
  page: ModelPage;
  site: EditorSite;
  dispatch: (action: DraftAction) => void;
  selectedId: number | null;
  onSelect: (widgetId: number | null) => void;
  onOpenPage: (pageId: number) => void;
  onAddWidget: () => void;
}

/** The draft's widgets as domain widgets, in their order, so the page renders them live. */
const widgetsOf = (page: ModelPage): Widget[] => page.widgets.map((w, order) => ({ ...w, id: w.id!, pageId: page.id!, order }));

/** The page being edited: its tabs and filters, its widgets live in edit frames, and the selected widget's side panel. */
export function EditorCanvas({ dashboardId, model, page, site, dispatch, selectedId, onSelect, onOpenPage, onAddWidget }: EditorCanvasProps) {
  const { t } = useTranslation();
  const pageId = page.id!;
  const selected = page.widgets.find((w) => w.id === selectedId);
  const ready = site.site.status === 'ready' ? site.site.site : null;
  // A deleted widget's Edit button goes with it: the next widget's, or "Add a widget" once none is left.
  const focus = useFocusAfterRemoval(page.widgets.length, '[data-testid="editor-widget-edit"]', (root) => root?.querySelector<HTMLElement>('[data-testid="editor-add-widget"]'));
  const empty = page.widgets.length === 0 && (
    <Paper withBorder p="xl" radius="md" data-testid="editor-empty">
      <Stack align="center" gap="sm">
        <Text>{t('dashboardEditor.empty.text')}</Text>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAddWidget} data-testid="editor-add-widget">
          {t('dashboardEditor.toolbar.addWidget')}
        </Button>
      </Stack>
    </Paper>
  );
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }} ref={focus.root}>
      <PageBar
        pages={model.pages}
        currentId={pageId}
        onOpen={onOpenPage}
        onAdd={() => dispatch({ type: 'addPage', name: t('dashboardEditor.pages.newName', { number: model.pages.length + 1 }) })}
        onRename={(id, name) => dispatch({ type: 'renamePage', pageId: id, name })}
        onMove={(id, delta) => dispatch({ type: 'movePage', pageId: id, delta })}
        onRemove={(id) => dispatch({ type: 'removePage', pageId: id })}
      />
      <PageFiltersEditor filters={page.widgetGlobalFilters} zones={site.zones} onChange={(filters) => dispatch({ type: 'setPageFilters', pageId, filters })} />
      {!ready ? (
        <>
          {empty}
          <Text c="dimmed">{t('dashboardEditor.noSite')}</Text>
        </>
      ) : (
        <WidgetPageBody
          widgets={widgetsOf(page)}
          site={ready}
          presets={page.widgetGlobalFilters}
          pageKind="custom"
          dashboardId={dashboardId}
          pageId={pageId}
          preview
          // An empty page shows its "Add widget" where the widgets go: under the filter bar, as once it has some.
          renderGrid={(widgets, context) => widgets.length === 0 ? empty : (
            <EditableGrid
              widgets={widgets}
              context={context}
              selectedId={selectedId}
              onSelect={onSelect}
              onDuplicate={(widgetId) => dispatch({ type: 'duplicateWidget', pageId, widgetId })}
              onDelete={(widgetId) => {
                if (widgetId === selectedId) onSelect(null);
                focus.removing(page.widgets.findIndex((w) => w.id === widgetId));
                dispatch({ type: 'deleteWidget', pageId, widgetId });
              }}
              onMove={(widgetId, toIndex) => dispatch({ type: 'moveWidget', pageId, widgetId, toIndex })}
              onResize={(widgetId, layout) => dispatch({ type: 'resizeWidget', pageId, widgetId, layout })}
            />
          )}
        />
      )}
      </Stack>
      {selected && ready && (
        // Beside the page, not over it: the widget changes live in view, and the toolbar (Save) stays reachable.
        <Box
          component="aside"
          aria-label={t('dashboardEditor.panel.title')}
          w={380}
          className={classes.panel}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            // Escape first closes an open list or a dropdown of the panel (Mantine lets the key through, marking
            // such targets data-mantine-stop-propagation, and React passes a portal's keys to the panel): the
            // panel closes only on an Escape of its own.
            const target = event.target as HTMLElement;
            if (!event.currentTarget.contains(target) || target.closest('[data-mantine-stop-propagation], [aria-expanded="true"]')) return;
            onSelect(null);
          }}
        >
          <Paper withBorder radius="md" p="md">
            <WidgetPanel widget={selected} site={ready} onChange={(widget) => dispatch({ type: 'replaceWidget', pageId, widget })} onClose={() => onSelect(null)} />
          </Paper>
        </Box>
      )}
    </Group>
  );
}
