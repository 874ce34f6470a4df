/**
 * The access token lives here, in memory only (spec 000 §4): a module-level store that the Apollo
 * links read directly and React reads through useSession.
 */
export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';
/** How the last session ended: an expired one, or a view-as that ended, is announced on the login page. */
export type SessionNotice = 'loggedOut' | 'sessionExpired' | 'viewAsEnded' | null;

/**
 * Where the token came from: a sign-in session of this browser (login, or renewal through the
 * session cookie), or handed over by the admin tool (widget builder), with no session of its own.
 */
export type TokenSource = 'session' | 'handedOver';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  notice: SessionNotice;
  source: TokenSource | null;
}

type Listener = (state: SessionState) => void;

let state: SessionState = { status: 'checking', token: null, notice: null, source: null };
const listeners = new Set<Listener>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener(state);
}

export const sessionStore = {
  getState: (): SessionState => state,
  getToken: (): string | null => state.token,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, source: TokenSource = 'session'): void {
    set({ status: 'signedIn', token, notice: null, source });
  },
  signOut(notice: SessionNotice = null): void {
    set({ status: 'signedOut', token: null, notice, source: null });
  },
};
