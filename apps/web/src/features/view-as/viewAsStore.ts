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
}

const KEY = 'sitelens.viewAs';
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): ViewAsState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { token?: unknown; returnTo?: unknown };
    if (typeof parsed.token !== 'string') return null;
    const exp = decodeTokenClaims(parsed.token)?.exp;
    if (!exp) return null;
    return { token: parsed.token, expiresAtMs: exp * 1000, returnTo: typeof parsed.returnTo === 'string' && parsed.returnTo.startsWith('/') ? parsed.returnTo : '/' };
  } catch {
    return null;
  }
}

let state: ViewAsState | null = typeof sessionStorage === 'undefined' ? null : read();

export const viewAsStore = {
  getState: (): ViewAsState | null => state,
  getToken: (): string | null => state?.token ?? null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(token: string, returnTo: string): void {
    sessionStorage.setItem(KEY, JSON.stringify({ token, returnTo }));
    state = read();
    for (const l of listeners) l();
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
    state = null;
    for (const l of listeners) l();
  },
};
