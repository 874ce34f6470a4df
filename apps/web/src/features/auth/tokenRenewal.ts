/**
 * Single-flight renewal of the access token (spec 000 §4 and §8).
 * The first caller runs the renewal; callers arriving while it runs poll every `pollMs`
 * and give up after `maxPolls` checks with the spec's exact message.
 */
export const TOKEN_REFRESH_TIMED_OUT = 'Token refresh timed out.';

export interface TokenRenewalOptions {
  /** Asks the server for a new token; null means the session is invalid. */
  renew: () => Promise<string | null>;
  pollMs: number;
  maxPolls: number;
  wait?: (ms: number) => Promise<void>;
}

export interface TokenRenewal {
  /** Resolves with the new token, or null when the session is invalid. */
  renew(): Promise<string | null>;
  isRenewing(): boolean;
}

type Outcome = { ok: true; token: string | null } | { ok: false; error: unknown };

const defaultWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createTokenRenewal({ renew, pollMs, maxPolls, wait = defaultWait }: TokenRenewalOptions): TokenRenewal {
  let running = false;
  let last: Outcome = { ok: true, token: null };

  async function lead(): Promise<string | null> {
    running = true;
    try {
      const token = await renew();
      last = { ok: true, token };
      return token;
    } catch (error) {
      last = { ok: false, error };
      throw error;
    } finally {
      running = false;
    }
  }

  async function follow(): Promise<string | null> {
    for (let poll = 0; poll < maxPolls; poll += 1) {
      await wait(pollMs);
      if (!running) {
        if (!last.ok) throw last.error;
        return last.token;
      }
    }
    throw new Error(TOKEN_REFRESH_TIMED_OUT);
  }

  return {
    renew: () => (running ? follow() : lead()),
    isRenewing: () => running,
  };
}
