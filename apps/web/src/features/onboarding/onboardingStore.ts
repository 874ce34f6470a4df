import { useSyncExternalStore } from 'react';
import { EMPTY_ONBOARDING, type OnboardingData } from '@sitelens/domain';

/**
 * The wizard's state while it is open (spec 000 §3 onboarding user data). It is kept in memory
 * only (spec 000 §4: onboarding is not persisted); the link's token alone is kept for the tab's
 * life (sessionStorage), so that a reload of a step can reopen the invitation.
 */
export interface OnboardingState {
  token: string | null;
  /** The token the data below was filled for; a new link starts again. */
  filledFor: string | null;
  data: OnboardingData;
  /** The user changed a field (the leave confirmation guards it). */
  dirty: boolean;
}

const TOKEN_KEY = 'sitelens_invitation_token';

function readToken(): string | null {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let state: OnboardingState = { token: readToken(), filledFor: null, data: EMPTY_ONBOARDING, dirty: false };
const listeners = new Set<() => void>();

function set(next: OnboardingState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const onboardingStore = {
  get: (): OnboardingState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A link was opened: its token replaces any earlier one. */
  start(token: string): void {
    try {
      sessionStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Private mode: the token lives in memory only.
    }
    if (token !== state.token) set({ token, filledFor: null, data: EMPTY_ONBOARDING, dirty: false });
  },
  /** The invitation's own values, once per token (a user's entries are never overwritten). */
  fill(token: string, data: Partial<OnboardingData>): void {
    if (state.filledFor === token) return;
    set({ ...state, filledFor: token, data: { ...EMPTY_ONBOARDING, ...data } });
  },
  update(patch: Partial<OnboardingData>): void {
    set({ ...state, data: { ...state.data, ...patch }, dirty: true });
  },
  /** Spec 000 §4: an invalid password step clears the stored password values. */
  clearPasswords(): void {
    set({ ...state, data: { ...state.data, passwordNew: '', passwordConfirmation: '' } });
  },
  /** The account exists: nothing is kept. */
  finish(): void {
    try {
      sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored.
    }
    set({ token: null, filledFor: null, data: EMPTY_ONBOARDING, dirty: false });
  },
};

export function useOnboardingState(): OnboardingState {
  return useSyncExternalStore(onboardingStore.subscribe, onboardingStore.get);
}
