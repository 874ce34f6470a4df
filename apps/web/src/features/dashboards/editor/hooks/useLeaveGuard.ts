import { type UnsavedChangesGuard, useUnsavedChangesGuard } from '../../../../shared/unsaved/useUnsavedChangesGuard.tsx';

/**
 * Asks before leaving the editor with unsaved changes: a route change (react-router's blocker, in
 * the shared guard) and reload or closing the tab (the browser's beforeunload). Switching pages of
 * the draft changes only the query, and stays. "Save and leave" saves the draft first (a conflict stays).
 */
export function useLeaveGuard(dirty: boolean, onSave: () => Promise<boolean>): UnsavedChangesGuard {
  return useUnsavedChangesGuard({ when: dirty, onSave });
}
