import type { Database } from '../../db/database.ts';
import { countAttemptsSince, recordAttempts } from './sessions.repo.ts';

export interface RateLimitSettings {
  perAccount: number;
  windowSeconds: number;
}

// One address may front many people (an office NAT), so it gets more attempts than one account.
const ADDRESS_FACTOR = 5;

const keysFor = (email: string, address: string) => ({ account: `account:${email}`, address: `address:${address}` });

/** True when this account or address has failed too often within the window. */
export async function isLoginBlocked(database: Database, s: RateLimitSettings, email: string, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - s.windowSeconds * 1000);
  const k = keysFor(email, address);
  const [byAccount, byAddress] = await Promise.all([
    countAttemptsSince(database, k.account, since),
    countAttemptsSince(database, k.address, since),
  ]);
  return byAccount >= s.perAccount || byAddress >= s.perAccount * ADDRESS_FACTOR;
}

export async function recordLoginFailure(database: Database, email: string, address: string, now: Date): Promise<void> {
  const k = keysFor(email, address);
  await recordAttempts(database, [k.account, k.address], now);
}
