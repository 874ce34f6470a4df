import { useCallback, useEffect, useReducer, useState } from 'react';
import { useApolloClient } from '@apollo/client';
import { EDITABLE_DASHBOARD } from '../graphql/dashboardEditor.ts';
import type { DashboardModel } from '../model/dashboardModel.ts';
import { type DraftAction, type DraftState, draftReducer, initialDraft } from '../model/draftReducer.ts';

export type EditorLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; version: number };

const EMPTY: DashboardModel = { format: 'sitelens.dashboard', formatVersion: 1, name: '', pages: [] };

/**
 * The editor's draft: loaded from `editableDashboard` with the version a save names, edited through
 * the draft reducer (with undo and redo), and loaded again on demand (after a save, a restore, or
 * when the user discards their changes for the latest version).
 */
export function useEditorDraft(dashboardId: number) {
  const client = useApolloClient();
  const [state, dispatch] = useReducer(draftReducer, EMPTY, initialDraft);
  const [load, setLoad] = useState<EditorLoad>({ status: 'loading' });

  /** Loads the latest version; answers its model (null on failure). */
  const reload = useCallback(async (): Promise<DashboardModel | null> => {
    try {
      const { data } = await client.query({ query: EDITABLE_DASHBOARD, variables: { dashboardId }, fetchPolicy: 'network-only' });
      const model = data.editableDashboard.model as DashboardModel;
      dispatch({ type: 'saved', model });
      setLoad({ status: 'ready', version: data.editableDashboard.version });
      return model;
    } catch {
      setLoad({ status: 'error' });
      return null;
    }
  }, [client, dashboardId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { state, dispatch: dispatch as (action: DraftAction) => void, load, reload } satisfies {
    state: DraftState;
    dispatch: (action: DraftAction) => void;
    load: EditorLoad;
    reload: () => Promise<DashboardModel | null>;
  };
}
