/** Pause between clearing the map and showing the newly chosen view (spec 001 §4). */
export const VIEW_RESELECT_DELAY_MS = 100;

export interface ViewSelection {
  /** The view shown; null before the first one is chosen and while a change is pending. */
  viewId: string | null;
  /** The element picked on the plan (its tooltip stays open), if any. */
  elementKey: string | null;
  /** A view was chosen once: from then on, only the user changes it. */
  started: boolean;
}

export type ViewSelectionAction =
  | { type: 'loaded'; viewIds: string[] }
  | { type: 'clear' }
  | { type: 'show'; viewId: string }
  | { type: 'pick'; elementKey: string | null };

export const initialViewSelection: ViewSelection = { viewId: null, elementKey: null, started: false };

/**
 * The map view's selection: the first view is chosen once the configuration and the zones are
 * loaded; a dropdown change clears the view and the picked element, then shows the chosen view
 * (the caller waits VIEW_RESELECT_DELAY_MS in between). A view that disappears (another zone's
 * plan) gives way to the first view of the new list.
 */
export function viewSelectionReducer(state: ViewSelection, action: ViewSelectionAction): ViewSelection {
  switch (action.type) {
    case 'loaded': {
      const first = action.viewIds[0] ?? null;
      if (!state.started) return first === null ? state : { viewId: first, elementKey: null, started: true };
      if (state.viewId !== null && !action.viewIds.includes(state.viewId)) return { viewId: first, elementKey: null, started: true };
      return state;
    }
    case 'clear':
      return { viewId: null, elementKey: null, started: true };
    case 'show':
      return { ...state, viewId: action.viewId, started: true };
    case 'pick':
      return { ...state, elementKey: state.elementKey === action.elementKey ? null : action.elementKey };
  }
}
