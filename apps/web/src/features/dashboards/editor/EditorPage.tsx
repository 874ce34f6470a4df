import { useCallback, useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import type { WidgetType } from '@sitelens/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SectionLoader } from '../../../shared/layout/FullPageLoader.tsx';
import { NotFoundContent } from '../../../shared/layout/NotFoundScreen.tsx';
import { focusWhenLost } from '../../../shared/layout/focusWhenLost.ts';
import { PageHeader } from '../../../shared/layout/PageHeader.tsx';
import { editorPath, pagePath } from './editorPath.ts';
import { EditorCanvas } from './EditorCanvas.tsx';
import { EditorGuard } from './EditorGuard.tsx';
import { useNewWidget } from './gallery/useNewWidget.ts';
import { WidgetGallery } from './gallery/WidgetGallery.tsx';
import { HistoryPanel } from './history/HistoryPanel.tsx';
import { useEditorDraft } from './hooks/useEditorDraft.ts';
import { useEditorSite } from './hooks/useEditorSite.ts';
import { useLeaveGuard } from './hooks/useLeaveGuard.ts';
import { useSaveDraft } from './hooks/useSaveDraft.ts';
import { useUndoKeys } from './hooks/useUndoKeys.ts';
import { isDirty } from './model/draftReducer.ts';
import { nextTempId } from './model/widgetEdits.ts';
import { ConflictDialog } from './save/ConflictDialog.tsx';
import { EditorToolbar } from './toolbar/EditorToolbar.tsx';

/** /dashboard/{id}/edit?page={pageId}: the dashboard editor, for callers who may edit this dashboard (EditorGuard). */
export default function EditorPage() {
  const dashboardId = Number(useParams().dashboardId);
  if (!Number.isInteger(dashboardId) || dashboardId <= 0) return <NotFoundContent />;
  // Keyed: "Save as a copy" opens the copy's editor on the same route, which must check and load it anew.
  return (
    <EditorGuard key={dashboardId} dashboardId={dashboardId}>
      <Editor dashboardId={dashboardId} />
    </EditorGuard>
  );
}

function Editor({ dashboardId }: { dashboardId: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { state, dispatch, load, reload } = useEditorDraft(dashboardId);
  const model = state.history.present;
  const page = model.pages.find((p) => p.id === Number(params.get('page'))) ?? model.pages[0];
  const pageIndex = page ? model.pages.indexOf(page) : 0;
  const site = useEditorSite(dashboardId, page?.id);
  const saver = useSaveDraft(dashboardId);
  const dirty = isDirty(state);
  // The server refuses a page without a name: the field says so, and Save waits for it.
  const savable = dirty && model.pages.every((p) => p.name.trim() !== '');
  const guard = useLeaveGuard(dirty, async () => load.status === 'ready' && (await saver.saveDraft(model, load.version)).kind === 'saved');
  const newWidget = useNewWidget(site);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [gallery, setGallery] = useState(false);
  const [history, setHistory] = useState(false);
  useUndoKeys(
    useCallback(() => dispatch({ type: 'undo' }), [dispatch]),
    useCallback(() => dispatch({ type: 'redo' }), [dispatch]),
  );

  const openPage = (id: number) => setParams({ page: String(id) }, { replace: true });
  /** After a load the draft's new pages have real ids: the page open stays the one at the same place. */
  const reloadKeepingPage = async () => {
    const loaded = await reload();
    setSelectedId(null);
    const id = loaded?.pages[pageIndex]?.id ?? loaded?.pages[0]?.id;
    if (id !== undefined) openPage(id);
  };
  const save = async () => {
    if (load.status !== 'ready') return;
    const outcome = await saver.saveDraft(model, load.version);
    if (outcome.kind !== 'saved') return;
    await reloadKeepingPage();
    // Save is disabled once saved (nothing left to save): focus goes to the page's heading, not to the body.
    focusWhenLost();
  };
  const saveAsCopy = async () => {
    const outcome = await saver.saveAsCopy(model);
    if (outcome.kind === 'copied') guard.leave(editorPath(outcome.dashboardId));
  };
  const addWidget = (type: WidgetType) => {
    if (!page?.id) return;
    const id = nextTempId(model);
    dispatch({ type: 'addWidget', pageId: page.id, widget: newWidget(type) });
    setSelectedId(id);
  };

  if (load.status === 'loading' || site.site.status === 'loading') return <SectionLoader />;
  if (load.status === 'error') return <NotFoundContent />;
  // A dashboard imported blank (its model may hold no page): its first page is made here.
  if (!page) return <NoPage onAdd={() => dispatch({ type: 'addPage', name: t('dashboardEditor.pages.newName', { number: 1 }) })} />;
  if (!page.id) return <NotFoundContent />;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('dashboardEditor.title', { name: model.name })}
        actions={
          <EditorToolbar
            canUndo={state.history.past.length > 0}
            canRedo={state.history.future.length > 0}
            dirty={savable}
            saving={saver.busy}
            onUndo={() => dispatch({ type: 'undo' })}
            onRedo={() => dispatch({ type: 'redo' })}
            onAddWidget={() => setGallery(true)}
            onHistory={() => setHistory(true)}
            onSave={() => void save()}
            onClose={() => void navigate(pagePath(dashboardId, page.id! > 0 ? page.id! : (model.pages.find((p) => (p.id ?? 0) > 0)?.id ?? 0)))}
          />
        }
      />
      {saver.error && <Alert color="red">{saver.error}</Alert>}
      <EditorCanvas dashboardId={dashboardId} model={model} page={page} site={site} dispatch={dispatch} selectedId={selectedId} onSelect={setSelectedId} onOpenPage={openPage} onAddWidget={() => setGallery(true)} />
      <WidgetGallery opened={gallery} onClose={() => setGallery(false)} onPick={addWidget} />
      <HistoryPanel dashboardId={dashboardId} opened={history} onClose={() => setHistory(false)} onRestored={() => void reloadKeepingPage()} />
      <ConflictDialog
        conflict={saver.conflict}
        busy={saver.busy}
        onClose={saver.clearConflict}
        onReload={() => {
          saver.clearConflict();
          void reloadKeepingPage();
        }}
        onCopy={() => void saveAsCopy()}
      />
    </Stack>
  );
}

function NoPage({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md" data-testid="editor-no-page">
      <Stack align="center" gap="sm">
        <Text>{t('dashboardEditor.empty.noPage')}</Text>
        <Button onClick={onAdd}>{t('dashboardEditor.pages.add')}</Button>
      </Stack>
    </Paper>
  );
}
