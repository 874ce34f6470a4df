import type { Location } from 'react-router';

/** The texts of the leave confirmation, as translation keys. */
export interface UnsavedChangesTexts {
  title: string;
  text: string;
  save: string;
  discard: string;
  cancel: string;
}

/** One mounted guard: a form of the page, with its current state. */
export interface GuardEntry {
  /** Where the page the guard stands on last rendered. */
  page: Location;
  when: boolean;
  isLeaving: (current: Location, next: Location) => boolean;
  onSave?: () => Promise<boolean> | boolean;
  texts?: UnsavedChangesTexts;
}

/**
 * Every guard mounted on the page, in the order they mounted. The router supports one blocker
 * only (with more it warns and consults the last), so the guards hold none of their own: the one
 * blocker of UnsavedChangesHost asks all of them. A page with two forms (a profile and its links,
 * the dashboard editor and its filter bar) asks once, and saving saves every form that holds changes.
 */
const entries = new Set<{ current: GuardEntry }>();
let bypassNext = false;

export function registerGuard(entry: { current: GuardEntry }): () => void {
  entries.add(entry);
  return () => {
    entries.delete(entry);
  };
}

/** The next navigation goes through unasked (a page's own navigation right after its save). */
export function bypassNextNavigation(): void {
  bypassNext = true;
}

/**
 * The guards that hold changes this navigation would lose. Only a navigation from a guard's own
 * page asks it: once the page is left (discard, or a save that went on), the router moves on
 * before React unmounts the page, and a back button pressed in that moment must not be held by
 * the page it leaves to. A guard's page includes the places its isLeaving says it stays on (the
 * onboarding's steps: the wizard stays mounted from one to the next).
 */
export function blockingGuards(current: Location, next: Location): GuardEntry[] {
  return [...entries].map((e) => e.current).filter((g) => g.when && onItsPage(g, current) && g.isLeaving(current, next));
}

const onItsPage = (guard: GuardEntry, current: Location) => guard.page.pathname === current.pathname || !guard.isLeaving(guard.page, current);

/** The router's question, asked by the host's one blocker on behalf of every guard. */
export function shouldBlock({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }): boolean {
  if (bypassNext) {
    bypassNext = false;
    return false;
  }
  return blockingGuards(currentLocation, nextLocation).length > 0;
}

/** True when any mounted guard holds changes (for the browser's prompt on unload). */
export function anyGuardDirty(): boolean {
  return [...entries].some((e) => e.current.when);
}

/**
 * Saves every blocking form one after the other; true when all saved (the navigation goes on),
 * false at the first that could not (it shows why, and the page stays).
 */
export async function saveAll(guards: readonly GuardEntry[]): Promise<boolean> {
  for (const guard of guards) {
    if (!guard.onSave) return false;
    try {
      if (!(await guard.onSave())) return false;
    } catch {
      return false;
    }
  }
  return true;
}
