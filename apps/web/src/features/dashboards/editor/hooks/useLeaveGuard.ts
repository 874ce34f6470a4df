import { type UnsavedChangesGuard, useUnsavedChangesGuard } from '../../../../shared/unsaved/useUnsavedChangesGuard.tsx';

/**
 * Asks before leaving the editor with unsaved changes: a route change (the router's one blocker, in
 * the shared UnsavedChangesHost) and reload or closing the tab (the browser's beforeunload). Switching pages of
 * the draft changes only the query, and stays. "Save and leave" saves the draft first (a conflict stays).
 */
export function useLeaveGuard(dirty: boolean, onSave: () => Promise<boolean>): UnsavedChangesGuard {
  return useUnsavedChangesGuard({ when: dirty, onSave });
}
