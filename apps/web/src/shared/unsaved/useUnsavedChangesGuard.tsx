import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, type NavigateOptions, type To, useLocation, useNavigate } from 'react-router';
import { type GuardEntry, type UnsavedChangesTexts, bypassNextNavigation, registerGuard } from './guardRegistry.ts';

export type { UnsavedChangesTexts } from './guardRegistry.ts';

export interface UnsavedChangesGuardOptions {
  /** True while the page holds changes that are not saved. */
  when: boolean;
  /**
   * Gives the save / discard / cancel variant (spec 000 §4). Saves, then resolves true to go on
   * with the navigation, or false to stay (the form shows why). Without it the modal is the
   * two-button "changes are lost" variant (spec 002 §2, alert and export forms).
   */
  onSave?: () => Promise<boolean> | boolean;
  /** Which navigations leave the page; by default one to another path (a new query or hash stays). */
  isLeaving?: (current: Location, next: Location) => boolean;
  /** The modal's texts (translation keys) when this guard alone asks; common.unsaved.* by default. */
  texts?: UnsavedChangesTexts;
}

export interface UnsavedChangesGuard {
  /** Navigates without asking: for the page's own navigation right after a save, before `when` catches up. */
  leave: (to: To, options?: NavigateOptions) => void;
}

const otherPath = (current: Location, next: Location) => current.pathname !== next.pathname;

/**
 * The leave confirmation while a page holds unsaved changes: on a link or a navigation of the
 * app and on the back button (the router's one blocker, held by UnsavedChangesHost in the root
 * layout, which asks every registered guard and shows the modal), and on reload, closing the tab or typing an
 * address (the browser's own prompt, the only one a page may show then). Several guards on one
 * page (a form and a section with its own save) ask once together: save saves each form that
 * holds changes and goes on only when all saved; discard leaves them all; cancel stays.
 */
export function useUnsavedChangesGuard({ when, onSave, isLeaving = otherPath, texts }: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const navigate = useNavigate();
  const location = useLocation();
  const entry = useRef<GuardEntry>({ page: location, when, isLeaving, onSave, texts });
  useLayoutEffect(() => {
    entry.current = { page: location, when, isLeaving, onSave, texts };
  });
  useLayoutEffect(() => registerGuard(entry), []);

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const leave = useCallback(
    (to: To, options?: NavigateOptions) => {
      bypassNextNavigation();
      void navigate(to, options);
    },
    [navigate],
  );

  return { leave };
}

/** The guard as an element, for pages that never navigate on their own after a save; it renders nothing (the host shows the confirmation). */
export function UnsavedChangesGuard(props: UnsavedChangesGuardOptions): null {
  useUnsavedChangesGuard(props);
  return null;
}
