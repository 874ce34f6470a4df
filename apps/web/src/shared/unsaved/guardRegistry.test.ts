import type { Location } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type GuardEntry, blockingGuards, bypassNextNavigation, registerGuard, saveAll, shouldBlock } from './guardRegistry.ts';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: pathname + search });
const otherPath = (current: Location, next: Location) => current.pathname !== next.pathname;
const navigation = (from: string, to: string) => ({ currentLocation: at(from), nextLocation: at(to) });

let unregister: Array<() => void> = [];
function mount(entry: GuardEntry): { current: GuardEntry } {
  const ref = { current: entry };
  unregister.push(registerGuard(ref));
  return ref;
}

afterEach(() => {
  for (const u of unregister) u();
  unregister = [];
});

describe('the guards of one page ask together', () => {
  it('blocks a navigation elsewhere while any form holds changes, whichever guard the router asks', () => {
    const profile = mount({ page: at('/a'), when: false, isLeaving: otherPath });
    mount({ page: at('/a'), when: false, isLeaving: otherPath });
    expect(shouldBlock(navigation('/a', '/b'))).toBe(false);
    profile.current = { ...profile.current, when: true };
    expect(shouldBlock(navigation('/a', '/b'))).toBe(true);
    // A new query on the same page leaves nothing.
    expect(shouldBlock(navigation('/a', '/a'))).toBe(false);
  });

  it('lists only the forms this navigation would lose', () => {
    const a = mount({ page: at('/a'), when: true, isLeaving: otherPath });
    mount({ page: at('/a'), when: false, isLeaving: otherPath });
    const c = mount({ page: at('/a'), when: true, isLeaving: () => false });
    expect(blockingGuards(at('/a'), at('/b'))).toEqual([a.current]);
    expect(blockingGuards(at('/a'), at('/b'))).not.toContain(c.current);
  });

  it('lets the page’s own navigation through once', () => {
    mount({ page: at('/a'), when: true, isLeaving: otherPath });
    bypassNextNavigation();
    expect(shouldBlock(navigation('/a', '/b'))).toBe(false);
    expect(shouldBlock(navigation('/a', '/b'))).toBe(true);
  });

  it('asks only on a navigation from its own page: a back button pressed after leaving, before the page unmounts, goes through', () => {
    mount({ page: at('/a'), when: true, isLeaving: otherPath });
    // Discard went on to /b; the page at /a is still mounted for a moment, and the back button returns to it.
    expect(shouldBlock(navigation('/b', '/a'))).toBe(false);
    expect(blockingGuards(at('/b'), at('/c'))).toEqual([]);
    expect(shouldBlock(navigation('/a', '/b'))).toBe(true);
  });

  it('stays on its page across the places its isLeaving keeps (a wizard mounted from step to step)', () => {
    const inWizard = (_current: Location, next: Location) => !next.pathname.startsWith('/onboarding');
    mount({ page: at('/onboarding/org-settings'), when: true, isLeaving: inWizard });
    // The router is at the next step before the wizard renders it: leaving from there still asks.
    expect(shouldBlock(navigation('/onboarding/about', '/login'))).toBe(true);
    expect(shouldBlock(navigation('/onboarding/about', '/onboarding/password'))).toBe(false);
    // Left for the sign-in page (after discard), a back press there goes through.
    expect(shouldBlock(navigation('/login', '/onboarding/org-settings'))).toBe(false);
  });

  it('forgets a guard once unmounted', () => {
    mount({ page: at('/a'), when: true, isLeaving: otherPath });
    for (const u of unregister) u();
    unregister = [];
    expect(shouldBlock(navigation('/a', '/b'))).toBe(false);
  });
});

describe('saveAll', () => {
  it('saves every form in turn and goes on only when all saved', async () => {
    const saved: string[] = [];
    const ok = (name: string) => () => {
      saved.push(name);
      return Promise.resolve(true);
    };
    expect(await saveAll([{ page: at('/a'), when: true, isLeaving: otherPath, onSave: ok('a') }, { page: at('/a'), when: true, isLeaving: otherPath, onSave: ok('b') }])).toBe(true);
    expect(saved).toEqual(['a', 'b']);
  });

  it('stops at the first form that could not save (it shows why), and at one that throws', async () => {
    const saved: string[] = [];
    const refused: GuardEntry = { page: at('/a'), when: true, isLeaving: otherPath, onSave: () => false };
    const later: GuardEntry = { page: at('/a'), when: true, isLeaving: otherPath, onSave: () => (saved.push('later'), true) };
    expect(await saveAll([refused, later])).toBe(false);
    expect(saved).toEqual([]);
    expect(await saveAll([{ page: at('/a'), when: true, isLeaving: otherPath, onSave: () => Promise.reject(new Error('network')) }])).toBe(false);
    expect(await saveAll([{ page: at('/a'), when: true, isLeaving: otherPath }])).toBe(false);
  });
});
