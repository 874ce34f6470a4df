import { type ReactElement, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Location, type NavigateOptions, type To, useBlocker, useNavigate } from 'react-router';
import { UnsavedChangesModal } from './UnsavedChangesModal.tsx';

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
}

export interface UnsavedChangesGuard {
  /** The leave confirmation; render it once in the page. */
  modal: ReactElement;
  /** Navigates without asking: for the page's own navigation right after a save, before `when` catches up. */
  leave: (to: To, options?: NavigateOptions) => void;
}

const otherPath = (current: Location, next: Location) => current.pathname !== next.pathname;

/**
 * The leave confirmation while a page holds unsaved changes: on a link or a navigation of the
 * app and on the back button (the router's blocker), and on reload, closing the tab or typing an
 * address (the browser's own prompt, the only one a page may show then).
 */
export function useUnsavedChangesGuard({ when, onSave, isLeaving = otherPath }: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const navigate = useNavigate();
  const state = useRef({ when, isLeaving, bypass: false });
  useLayoutEffect(() => {
    state.current.when = when;
    state.current.isLeaving = isLeaving;
  });

  const shouldBlock = useCallback(({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => {
    const s = state.current;
    if (s.bypass) {
      s.bypass = false;
      return false;
    }
    return s.when && s.isLeaving(currentLocation, nextLocation);
  }, []);
  const blocker = useBlocker(shouldBlock);

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

  const [saving, setSaving] = useState(false);
  const save = onSave
    ? async () => {
        setSaving(true);
        try {
          if (await onSave()) blocker.proceed?.();
          else blocker.reset?.();
        } catch {
          blocker.reset?.();
        } finally {
          setSaving(false);
        }
      }
    : undefined;

  const leave = useCallback(
    (to: To, options?: NavigateOptions) => {
      state.current.bypass = true;
      void navigate(to, options);
    },
    [navigate],
  );

  const modal = (
    <UnsavedChangesModal
      opened={blocker.state === 'blocked'}
      saving={saving}
      onSave={save}
      onDiscard={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { modal, leave };
}

/** The guard as an element, for pages that never navigate on their own after a save. */
export function UnsavedChangesGuard(props: UnsavedChangesGuardOptions): ReactElement {
  return useUnsavedChangesGuard(props).modal;
}
