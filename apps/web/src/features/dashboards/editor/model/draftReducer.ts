import type { GlobalWidgetFilter, WidgetLayout } from '@sitelens/domain';
import type { DashboardModel, ModelWidget } from './dashboardModel.ts';
import { type History, record, redo, startHistory, undo } from './draftHistory.ts';
import { addPage, movePage, removePage, renamePage, setPageFilters } from './pageEdits.ts';
import { addWidget, deleteWidget, duplicateWidget, moveWidget, nextTempId, replaceWidget, resizeWidget } from './widgetEdits.ts';

/** The editor's state: the draft with its undo history, and the model as last loaded or saved. */
export interface DraftState {
  history: History<DashboardModel>;
  saved: DashboardModel;
}

export type DraftAction =
  | { type: 'load'; model: DashboardModel }
  | { type: 'saved'; model: DashboardModel }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'addWidget'; pageId: number; widget: Omit<ModelWidget, 'id'> }
  | { type: 'replaceWidget'; pageId: number; widget: ModelWidget }
  | { type: 'duplicateWidget'; pageId: number; widgetId: number }
  | { type: 'deleteWidget'; pageId: number; widgetId: number }
  | { type: 'moveWidget'; pageId: number; widgetId: number; toIndex: number }
  | { type: 'resizeWidget'; pageId: number; widgetId: number; layout: WidgetLayout }
  | { type: 'addPage'; name: string }
  | { type: 'renamePage'; pageId: number; name: string }
  | { type: 'movePage'; pageId: number; delta: -1 | 1 }
  | { type: 'removePage'; pageId: number }
  | { type: 'setPageFilters'; pageId: number; filters: GlobalWidgetFilter[] };

export function initialDraft(model: DashboardModel): DraftState {
  return { history: startHistory(model), saved: model };
}

function edit(model: DashboardModel, action: DraftAction): DashboardModel {
  switch (action.type) {
    case 'addWidget':
      return addWidget(model, action.pageId, { ...action.widget, id: nextTempId(model) });
    case 'replaceWidget':
      return replaceWidget(model, action.pageId, action.widget);
    case 'duplicateWidget':
      return duplicateWidget(model, action.pageId, action.widgetId, nextTempId(model));
    case 'deleteWidget':
      return deleteWidget(model, action.pageId, action.widgetId);
    case 'moveWidget':
      return moveWidget(model, action.pageId, action.widgetId, action.toIndex);
    case 'resizeWidget':
      return resizeWidget(model, action.pageId, action.widgetId, action.layout);
    case 'addPage':
      return addPage(model, nextTempId(model), action.name);
    case 'renamePage':
      return renamePage(model, action.pageId, action.name);
    case 'movePage':
      return movePage(model, action.pageId, action.delta);
    case 'removePage':
      return removePage(model, action.pageId);
    case 'setPageFilters':
      return setPageFilters(model, action.pageId, action.filters);
    default:
      return model;
  }
}

const withHistory = (state: DraftState, history: History<DashboardModel>): DraftState => (history === state.history ? state : { ...state, history });

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'load':
      return initialDraft(action.model);
    case 'saved':
      // The saved model carries the ids the server gave; the undo history restarts from it.
      return initialDraft(action.model);
    case 'undo':
      return withHistory(state, undo(state.history));
    case 'redo':
      return withHistory(state, redo(state.history));
    default:
      return withHistory(state, record(state.history, edit(state.history.present, action)));
  }
}

/** Unsaved changes: the draft differs from the model last loaded or saved. */
export function isDirty(state: DraftState): boolean {
  return state.history.present !== state.saved && JSON.stringify(state.history.present) !== JSON.stringify(state.saved);
}

/** The model as saveDashboard takes it: temporary (negative) ids dropped, so those items are created. */
export function toSavedModel(model: DashboardModel): DashboardModel {
  const keep = <T extends { id?: number }>(item: T): T => {
    if (item.id === undefined || item.id > 0) return item;
    const { id: _temp, ...rest } = item;
    return rest as T;
  };
  return { ...model, pages: model.pages.map((p) => keep({ ...p, widgets: p.widgets.map(keep) })) };
}
