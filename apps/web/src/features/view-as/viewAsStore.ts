import { decodeTokenClaims } from '@sitelens/domain';

/**
 * The view-as credential (spec 000 §4: it wins over the normal one), kept apart from the
 * administrator's own token: in this tab's sessionStorage, so that a reload stays in the view-as
 * and other tabs stay the administrator's. It is short-lived and revocable on the server.
 */
export interface ViewAsState {
  token: string;
  /** Expiry (ms since the epoch), from the token's exp claim. */
  expiresAtMs: number;
  /** Where End session brings the administrator back. */
  returnTo: string;
  /**
   * The administrator's own language when the view-as started: the view-as bar speaks it, while
   * the rest of the page speaks the viewed user's. Null when unknown (the bar then follows the page).
   */
  originLanguage: string | null;
}

const KEY = 'sitelens.viewAs';
type Listener = () => void;
const listeners = new Set<Listener>();

interface Stored {
  token?: unknown;
  returnTo?: unknown;
  originLanguage?: unknown;
}

function stateOf({ token, returnTo, originLanguage }: Stored): ViewAsState | null {
  if (typeof token !== 'string') return null;
  const exp = decodeTokenClaims(token)?.exp;
  if (!exp) return null;
  return {
    token,
    expiresAtMs: exp * 1000,
    returnTo: typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : '/',
    originLanguage: typeof originLanguage === 'string' && originLanguage ? originLanguage : null,
  };
}

// Even naming sessionStorage throws where the browser denies storage (the app framed by another
// site) or where there is none (tests): the view-as then lives in memory only.
function read(): ViewAsState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    return stateOf(JSON.parse(raw) as Stored);
  } catch {
    return null;
  }
}

function persist(value: { token: string; returnTo: string; originLanguage: string } | null): void {
  try {
    if (value) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage denied: the state above still holds for this page.
  }
}

let state: ViewAsState | null = read();

export const viewAsStore = {
  getState: (): ViewAsState | null => state,
  getToken: (): string | null => state?.token ?? null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** `originLanguage`: the administrator's own language, the one their screens show now. */
  start(token: string, returnTo: string, originLanguage: string): void {
    persist({ token, returnTo, originLanguage });
    state = stateOf({ token, returnTo, originLanguage });
    for (const l of listeners) l();
  },
  clear(): void {
    persist(null);
    state = null;
    for (const l of listeners) l();
  },
};
